#include "common/errorbanner.h"

#include "api/apierror.h"
#include "models/displaytext.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

QColor blend(const QColor &base, const QColor &tint, double amount)
{
    return QColor::fromRgbF(base.redF() * (1 - amount) + tint.redF() * amount,
                            base.greenF() * (1 - amount) + tint.greenF() * amount,
                            base.blueF() * (1 - amount) + tint.blueF() * amount);
}

} // namespace

ErrorBanner::ErrorBanner(QWidget *parent)
    : QFrame(parent), m_icon(new QLabel(this)), m_message(new QLabel(this)), m_details(new QLabel(this)),
      m_detailsButton(new QToolButton(this)), m_closeButton(new QToolButton(this))
{
    setObjectName(u"errorBanner"_s);
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setVisible(false);
    m_detailsButton->setText(tr("Details"));
    m_detailsButton->setCheckable(true);
    m_closeButton->setIcon(QIcon(u":/icons/close.svg"_s));
    m_closeButton->setAutoRaise(true);
    m_closeButton->setToolTip(tr("Dismiss"));
    m_closeButton->setAccessibleName(tr("Dismiss message"));

    auto *row = new QHBoxLayout;
    row->addWidget(m_icon, 0, Qt::AlignTop);
    row->addWidget(m_message, 1);
    row->addWidget(m_detailsButton, 0, Qt::AlignTop);
    row->addWidget(m_closeButton, 0, Qt::AlignTop);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->addLayout(row);
    layout->addWidget(m_details);

    connect(m_detailsButton, &QToolButton::toggled, m_details, &QLabel::setVisible);
    connect(m_closeButton, &QToolButton::clicked, this, &QWidget::hide);
    setVisible(false);
}

void ErrorBanner::showError(const QString &context, const ApiError &error)
{
    const QString detail = error.detailText();
    QString details = detail;
    if (error.httpStatus() > 0)
        details = u"HTTP %1. "_s.arg(error.httpStatus()) + detail;
    // ApiError says what happened in front-end neutral words; the desktop app takes keys in Settings.
    const QString sentence =
        error.isKeyProblem() ? error.message() + u' ' + tr("Enter it in Settings.") : error.message();
    showMessage(Level::Error, context.isEmpty() ? sentence : context + u": "_s + sentence, details.trimmed());
}

void ErrorBanner::showMessage(Level level, const QString &message, const QString &details)
{
    m_level = level;
    const auto icon = level == Level::Error     ? u":/icons/error.svg"_s
                      : level == Level::Warning ? u":/icons/warning.svg"_s
                                                : u":/icons/info.svg"_s;
    m_icon->setPixmap(QIcon(icon).pixmap(QSize(18, 18), devicePixelRatioF()));
    // Both can quote a server: control characters are shown, not drawn.
    m_message->setText(DisplayText::visibleLines(message));
    m_details->setText(DisplayText::visibleLines(details));
    m_detailsButton->setVisible(!details.isEmpty());
    m_detailsButton->setChecked(false);
    applyLevelColours();
    show();
}

QString ErrorBanner::message() const
{
    return m_message->text();
}

QString ErrorBanner::details() const
{
    return m_details->text();
}

void ErrorBanner::changeEvent(QEvent *event)
{
    QFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && !property("applyingColours").toBool())
        applyLevelColours();
}

void ErrorBanner::applyLevelColours()
{
    // Tint the window colour of the current palette, so the banner reads in light and dark themes.
    const QColor tint = m_level == Level::Error     ? QColor(0xd9, 0x3f, 0x3f)
                        : m_level == Level::Warning ? QColor(0xe0, 0xa0, 0x00)
                                                    : QColor(0x2f, 0x80, 0xed);
    QPalette colours = parentWidget() ? parentWidget()->palette() : palette();
    colours.setColor(QPalette::Window, blend(colours.color(QPalette::Window), tint, 0.18));
    setProperty("applyingColours", true);
    setPalette(colours);
    setProperty("applyingColours", false);
}
