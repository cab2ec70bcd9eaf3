#include "common/rawjsonview.h"

#include "common/secrettree.h"

#include <QFontDatabase>
#include <QJsonDocument>
#include <QResizeEvent>
#include <QTextDocument>
#include <QTextEdit>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

using namespace Qt::StringLiterals;

RawJsonView::RawJsonView(QWidget *parent)
    : QWidget(parent), m_toggle(new QToolButton(this)), m_edit(new QTextEdit(this))
{
    m_toggle->setObjectName(u"rawJsonToggle"_s);
    m_toggle->setText(tr("Raw JSON"));
    m_toggle->setCheckable(true);
    m_toggle->setAutoRaise(true);
    m_toggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_toggle->setArrowType(Qt::RightArrow);
    m_edit->setObjectName(u"rawJsonEdit"_s);
    m_edit->setReadOnly(true);
    // Wrapped and as tall as its text: inside a pane that scrolls, a box with scroll bars of its own
    // makes two scroll areas fight over the wheel. Only very long answers get a scroll bar.
    m_edit->setLineWrapMode(QTextEdit::WidgetWidth);
    m_edit->setAcceptRichText(false);
    m_edit->setWordWrapMode(QTextOption::WrapAnywhere);
    m_edit->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_edit->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_edit->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_edit->setVisible(false);

    m_edit->viewport()->installEventFilter(this);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_toggle, 0, Qt::AlignLeft);
    layout->addWidget(m_edit);

    connect(m_toggle, &QToolButton::toggled, this, [this](bool open) {
        m_toggle->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
        m_edit->setVisible(open);
        updateHeight();
    });
}

void RawJsonView::setJson(const QJsonObject &object, bool secretsRevealed)
{
    m_toggle->setEnabled(!object.isEmpty());
    if (object.isEmpty()) {
        m_edit->setPlainText({});
        return;
    }
    const QJsonObject shown = secretsRevealed ? object : SecretTree::masked(object).toObject();
    m_edit->setPlainText(QString::fromUtf8(QJsonDocument(shown).toJson(QJsonDocument::Indented)).trimmed());
    updateHeight();
}

void RawJsonView::updateHeight()
{
    // The document knows its height once it has the width it wraps at.
    QTextDocument *document = m_edit->document();
    document->setTextWidth(m_edit->viewport()->width());
    const QFontMetrics metrics(m_edit->font());
    const int needed = int(std::ceil(document->size().height()));
    const int cap = maximumLines * metrics.lineSpacing() + 2 * int(document->documentMargin());
    // Below the cap there is nothing to scroll; a scroll bar that came and went with each pixel of
    // rounding would change the wrap width and the height with it.
    m_edit->setVerticalScrollBarPolicy(needed > cap ? Qt::ScrollBarAsNeeded : Qt::ScrollBarAlwaysOff);
    m_edit->setFixedHeight(std::min(needed, cap) + 2 * m_edit->frameWidth());
}

bool RawJsonView::eventFilter(QObject *watched, QEvent *event)
{
    // The wrap width is the viewport's, known only once the layout has placed the editor (and changed
    // again when the pane's own scroll bar comes or goes): count the lines again then.
    if (event->type() == QEvent::Resize && watched == m_edit->viewport() &&
        static_cast<QResizeEvent *>(event)->oldSize().width() != m_edit->viewport()->width())
        updateHeight();
    return QWidget::eventFilter(watched, event);
}

QString RawJsonView::text() const
{
    return m_edit->toPlainText();
}

bool RawJsonView::isOpen() const
{
    return m_toggle->isChecked();
}
