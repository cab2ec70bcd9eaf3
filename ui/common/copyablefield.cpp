#include "common/copyablefield.h"

#include "models/displaytext.h"
#include <QClipboard>
#include <QEvent>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

using namespace Qt::StringLiterals;

CopyableField::CopyableField(const QString &what, QWidget *parent)
    : QWidget(parent), m_label(new QLabel(this)), m_copyButton(new QToolButton(this))
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    // Ignored: the label must shrink below its text width, or a long URL would widen the whole pane.
    m_label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_label->setTextFormat(Qt::PlainText);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_copyButton->setIcon(QIcon(u":/icons/copy.svg"_s));
    m_copyButton->setAutoRaise(true);
    m_copyButton->setCursor(Qt::PointingHandCursor);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_copyButton);
    connect(m_copyButton, &QToolButton::clicked, this, &CopyableField::copy);
    setWhat(what);
    updateElision();
}

void CopyableField::setText(const QString &text)
{
    m_text = text;
    m_shown.clear();
    m_elideMode = Qt::ElideMiddle;
    m_copyButton->setEnabled(!text.isEmpty());
    m_label->setToolTip(text);
    updateElision();
}

void CopyableField::setDisplayText(const QString &shown, Qt::TextElideMode mode)
{
    m_shown = shown;
    m_elideMode = mode;
    updateElision();
}

void CopyableField::setWhat(const QString &what)
{
    m_what = what.isEmpty() ? u"text"_s : what;
    m_copyButton->setToolTip(tr("Copy %1").arg(m_what));
    m_copyButton->setAccessibleName(tr("Copy %1").arg(m_what));
}

void CopyableField::setMonospace(bool monospace)
{
    // A default QFont resolves nothing, so the label inherits the pane's font again.
    m_label->setFont(monospace ? QFontDatabase::systemFont(QFontDatabase::FixedFont) : QFont());
    updateElision();
}

QString CopyableField::displayedText() const
{
    return m_label->text();
}

QSize CopyableField::minimumSizeHint() const
{
    // Room for a few characters and the button: enough to recognise the value, no more.
    const int chars = m_label->fontMetrics().horizontalAdvance(u"0123456789"_s);
    return {chars + m_copyButton->sizeHint().width(), QWidget::minimumSizeHint().height()};
}

void CopyableField::copy()
{
    if (m_text.isEmpty())
        return;
    QGuiApplication::clipboard()->setText(m_text);
    emit copied(m_what);
}

void CopyableField::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    updateElision();
}

void CopyableField::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
        updateElision();
}

void CopyableField::updateElision()
{
    if (m_text.isEmpty()) {
        m_label->setText(u"—"_s);
        return;
    }
    // Shown with control characters made visible; copied as it is.
    const QString shown = DisplayText::visible(m_shown.isEmpty() ? m_text : m_shown);
    const int width = m_label->contentsRect().width();
    m_label->setText(width > 0 ? m_label->fontMetrics().elidedText(shown, m_elideMode, width) : shown);
}
