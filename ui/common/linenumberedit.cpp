#include "common/linenumberedit.h"

#include <QFontDatabase>
#include <QPainter>
#include <QTextBlock>

namespace {

// The margin is a widget of its own so that it scrolls with the text but is never part of it.
class Margin final : public QWidget
{
public:
    Margin(LineNumberEdit *editor, std::function<void(QPaintEvent *)> paint)
        : QWidget(editor), m_editor(editor), m_paint(std::move(paint))
    {}
    QSize sizeHint() const override { return {m_editor->marginWidth(), 0}; }

protected:
    void paintEvent(QPaintEvent *event) override { m_paint(event); }

private:
    LineNumberEdit *m_editor;
    std::function<void(QPaintEvent *)> m_paint;
};

} // namespace

LineNumberEdit::LineNumberEdit(QWidget *parent)
    : QPlainTextEdit(parent), m_margin(new Margin(this, [this](QPaintEvent *event) { paintMargin(event); }))
{
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setLineWrapMode(QPlainTextEdit::NoWrap);
    connect(this, &QPlainTextEdit::blockCountChanged, this,
            [this] { setViewportMargins(marginWidth(), 0, 0, 0); });
    connect(this, &QPlainTextEdit::updateRequest, this, &LineNumberEdit::updateMargin);
    setViewportMargins(marginWidth(), 0, 0, 0);
}

int LineNumberEdit::marginWidth() const
{
    int digits = 1;
    for (int lines = qMax(1, blockCount()); lines >= 10; lines /= 10)
        ++digits;
    return 8 + fontMetrics().horizontalAdvance(QLatin1Char('9')) * qMax(digits, 3);
}

void LineNumberEdit::goToLine(int line)
{
    const QTextBlock block = document()->findBlockByNumber(qMax(0, line - 1));
    if (!block.isValid())
        return;
    QTextCursor cursor(block);
    setTextCursor(cursor);
    centerCursor();
}

void LineNumberEdit::resizeEvent(QResizeEvent *event)
{
    QPlainTextEdit::resizeEvent(event);
    const QRect area = contentsRect();
    m_margin->setGeometry(QRect(area.left(), area.top(), marginWidth(), area.height()));
}

void LineNumberEdit::updateMargin(const QRect &rect, int dy)
{
    if (dy != 0)
        m_margin->scroll(0, dy);
    else
        m_margin->update(0, rect.y(), m_margin->width(), rect.height());
}

void LineNumberEdit::paintMargin(QPaintEvent *event)
{
    QPainter painter(m_margin);
    painter.fillRect(event->rect(), palette().alternateBase());
    painter.setPen(palette().color(QPalette::Disabled, QPalette::Text));
    painter.setFont(font());
    QTextBlock block = firstVisibleBlock();
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    const int right = m_margin->width() - 4;
    while (block.isValid() && top <= event->rect().bottom()) {
        const int height = qRound(blockBoundingRect(block).height());
        if (block.isVisible() && top + height >= event->rect().top())
            painter.drawText(0, top, right, fontMetrics().height(), Qt::AlignRight,
                             QString::number(block.blockNumber() + 1));
        top += height;
        block = block.next();
    }
}
