#include "terminal/terminalview.h"

#include "terminal/terminalscreen.h"
#include "terminal/terminalsession.h"

#include <QApplication>
#include <QClipboard>
#include <QFontDatabase>
#include <QFontMetrics>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>

#include <algorithm>
#include <cmath>

namespace {

// A dark terminal whatever the application's theme: programs choose their colours for that.
constexpr QRgb defaultForeground = 0xd4d4d4;
constexpr QRgb defaultBackground = 0x1e1e1e;

QColor colorOf(const TerminalColor &color, QRgb fallback)
{
    return QColor::fromRgb(color.isDefault ? fallback : QRgb(color.rgb));
}

bool sameLook(const TerminalCell &a, const TerminalCell &b)
{
    return a.bold == b.bold && a.italic == b.italic && a.underline == b.underline && a.strike == b.strike &&
           a.reverse == b.reverse && a.foreground == b.foreground && a.background == b.background;
}

} // namespace

TerminalView::TerminalView(QWidget *parent) : QAbstractScrollArea(parent)
{
    setObjectName(QStringLiteral("terminalView"));
    QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    font.setStyleHint(QFont::TypeWriter);
    // A glyph's advance is fractional (7.8 px, say): cells are whole pixels, and the letter spacing makes
    // every glyph of a run advance by exactly one cell, or a long run would end past its last cell and the
    // last column be clipped (seen: "\033[31m" wrapped at the edge lost its '3').
    const qreal advance = QFontMetricsF(font).horizontalAdvance(QLatin1Char('M'));
    m_cellWidth = std::max(1, int(std::ceil(advance)));
    font.setLetterSpacing(QFont::AbsoluteSpacing, m_cellWidth - advance);
    setFont(font);
    const QFontMetrics metrics(font);
    m_cellHeight = std::max(1, metrics.height());
    m_ascent = metrics.ascent();
    setFocusPolicy(Qt::StrongFocus);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    viewport()->setCursor(Qt::IBeamCursor);
    viewport()->setAutoFillBackground(false);
    m_resize.setSingleShot(true);
    m_resize.setInterval(60); // one resize frame per drag pause, not one per pixel
    connect(&m_resize, &QTimer::timeout, this, &TerminalView::applySize);
    connect(verticalScrollBar(), &QScrollBar::valueChanged, viewport(), qOverload<>(&QWidget::update));
}

void TerminalView::setSession(TerminalSession *session)
{
    if (m_session) {
        m_session->screen()->disconnect(this);
        m_session->screen()->disconnect(viewport());
    }
    m_session = session;
    m_selectionStart = m_selectionEnd = {-1, -1};
    if (session) {
        TerminalScreen *model = session->screen();
        connect(model, &TerminalScreen::changed, viewport(), qOverload<>(&QWidget::update));
        connect(model, &TerminalScreen::cursorMoved, viewport(), qOverload<>(&QWidget::update));
        connect(model, &TerminalScreen::scrollbackChanged, this, &TerminalView::updateScrollRange);
        connect(model, &TerminalScreen::alternateScreenChanged, this, &TerminalView::updateScrollRange);
    }
    updateScrollRange();
    viewport()->update();
}

TerminalScreen *TerminalView::screen() const
{
    return m_session ? m_session->screen() : nullptr;
}

int TerminalView::columnsFitting() const
{
    return std::max(2, viewport()->width() / m_cellWidth);
}

int TerminalView::rowsFitting() const
{
    return std::max(2, viewport()->height() / m_cellHeight);
}

void TerminalView::applySize()
{
    if (m_session)
        m_session->resize(columnsFitting(), rowsFitting());
    updateScrollRange();
}

int TerminalView::firstLine() const
{
    if (screen() && screen()->isAlternateScreen())
        return screen()->scrollbackSize();
    return verticalScrollBar()->value();
}

void TerminalView::updateScrollRange()
{
    QScrollBar *bar = verticalScrollBar();
    const bool atBottom = bar->value() >= bar->maximum();
    // A full-screen program on the alternate screen has no history to scroll to.
    const int history = screen() && !screen()->isAlternateScreen() ? screen()->scrollbackSize() : 0;
    bar->setRange(0, history);
    bar->setPageStep(screen() ? screen()->rows() : 1);
    bar->setSingleStep(1);
    if (atBottom)
        bar->setValue(history);
    viewport()->update();
}

bool TerminalView::event(QEvent *event)
{
    // The window's shortcuts (Ctrl+N, Ctrl+F, ...) must not take keys the shell wants; Ctrl+Shift+C and V
    // stay ours too, handled in keyPressEvent.
    if (event->type() == QEvent::ShortcutOverride) {
        // Every key goes to the shell, but Ctrl+PgUp and Ctrl+PgDown, which move to the other side tabs: a
        // keyboard user gets out of the terminal that way (Tab completes in the shell).
        const auto *key = static_cast<QKeyEvent *>(event);
        const bool tabKey = (key->modifiers() & ~Qt::KeypadModifier) == Qt::ControlModifier &&
                            (key->key() == Qt::Key_PageUp || key->key() == Qt::Key_PageDown);
        if (!tabKey)
            event->accept();
        return true;
    }
    return QAbstractScrollArea::event(event);
}

bool TerminalView::focusNextPrevChild(bool next)
{
    Q_UNUSED(next);
    return false; // Tab completes in the shell
}

void TerminalView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    m_resize.start();
}

void TerminalView::keyPressEvent(QKeyEvent *event)
{
    const Qt::KeyboardModifiers mods = event->modifiers() & ~Qt::KeypadModifier;
    const bool ctrlShift = mods == (Qt::ControlModifier | Qt::ShiftModifier);
    if (ctrlShift && event->key() == Qt::Key_C)
        return copySelection();
    if (ctrlShift && event->key() == Qt::Key_V)
        return pasteClipboard();
    if (mods == Qt::ShiftModifier && (event->key() == Qt::Key_PageUp || event->key() == Qt::Key_PageDown)) {
        QScrollBar *bar = verticalScrollBar();
        bar->setValue(bar->value() + (event->key() == Qt::Key_PageUp ? -1 : 1) * bar->pageStep());
        return;
    }
    if (!screen() || !screen()->sendKey(event->key(), mods, event->text())) {
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    verticalScrollBar()->setValue(verticalScrollBar()->maximum());
    event->accept();
}

void TerminalView::pasteClipboard()
{
    const QString text = QApplication::clipboard()->text();
    if (screen() && !text.isEmpty())
        screen()->paste(text);
}

void TerminalView::copySelection()
{
    const QString text = selectedText();
    if (!text.isEmpty())
        QApplication::clipboard()->setText(text);
}

QPoint TerminalView::cellAt(const QPoint &pos) const
{
    const int col = std::clamp(pos.x() / m_cellWidth, 0, screen() ? screen()->cols() - 1 : 0);
    const int total = screen() ? screen()->scrollbackSize() + screen()->rows() : 1;
    const int line = std::clamp(firstLine() + pos.y() / m_cellHeight, 0, total - 1);
    return {col, line};
}

void TerminalView::mousePressEvent(QMouseEvent *event)
{
    setFocus(Qt::MouseFocusReason);
    if (event->button() != Qt::LeftButton)
        return QAbstractScrollArea::mousePressEvent(event);
    m_selectionStart = m_selectionEnd = cellAt(event->position().toPoint());
    m_selecting = true;
    viewport()->update();
}

void TerminalView::mouseMoveEvent(QMouseEvent *event)
{
    if (!m_selecting)
        return QAbstractScrollArea::mouseMoveEvent(event);
    m_selectionEnd = cellAt(event->position().toPoint());
    viewport()->update();
}

void TerminalView::mouseReleaseEvent(QMouseEvent *event)
{
    if (!m_selecting)
        return QAbstractScrollArea::mouseReleaseEvent(event);
    m_selecting = false;
    m_selectionEnd = cellAt(event->position().toPoint());
    if (m_selectionEnd == m_selectionStart)
        m_selectionStart = m_selectionEnd = {-1, -1}; // a click, not a selection
    viewport()->update();
}

bool TerminalView::isSelected(int line, int col) const
{
    if (m_selectionStart.y() < 0)
        return false;
    QPoint from = m_selectionStart;
    QPoint to = m_selectionEnd;
    if (std::pair(to.y(), to.x()) < std::pair(from.y(), from.x()))
        std::swap(from, to);
    if (line < from.y() || line > to.y())
        return false;
    return (line > from.y() || col >= from.x()) && (line < to.y() || col <= to.x());
}

QString TerminalView::selectedText() const
{
    if (m_selectionStart.y() < 0 || !screen())
        return {};
    const int first = std::min(m_selectionStart.y(), m_selectionEnd.y());
    const int last = std::max(m_selectionStart.y(), m_selectionEnd.y());
    QStringList lines;
    for (int line = first; line <= last; ++line) {
        const TerminalLine cells = line < screen()->scrollbackSize()
                                       ? screen()->scrollbackLine(line)
                                       : screen()->line(line - screen()->scrollbackSize());
        QString text;
        for (int col = 0; col < cells.size(); ++col) {
            if (isSelected(line, col) && cells.at(col).width != 0)
                text += cells.at(col).text.isEmpty() ? QStringLiteral(" ") : cells.at(col).text;
        }
        while (text.endsWith(QLatin1Char(' ')))
            text.chop(1);
        lines.append(text);
    }
    return lines.join(QLatin1Char('\n'));
}

void TerminalView::paintEvent(QPaintEvent *event)
{
    Q_UNUSED(event);
    QPainter painter(viewport());
    painter.fillRect(viewport()->rect(), QColor::fromRgb(defaultBackground));
    if (!screen())
        return;
    const int first = firstLine();
    const int total = screen()->scrollbackSize() + screen()->rows();
    for (int row = 0; row < rowsFitting() + 1 && first + row < total; ++row)
        paintLine(painter, first + row, row * m_cellHeight);
    // The cursor, where the shell is, when the view is at the bottom.
    const QPoint cursor = screen()->cursor();
    const int cursorLine = screen()->scrollbackSize() + cursor.y() - first;
    if (screen()->cursorVisible() && cursorLine >= 0 && cursorLine <= rowsFitting()) {
        const QRect cell(cursor.x() * m_cellWidth, cursorLine * m_cellHeight, m_cellWidth, m_cellHeight);
        painter.setPen(QColor::fromRgb(defaultForeground));
        if (hasFocus()) {
            painter.setCompositionMode(QPainter::RasterOp_SourceXorDestination);
            painter.fillRect(cell, QColor(Qt::white));
        } else {
            painter.drawRect(cell.adjusted(0, 0, -1, -1));
        }
    }
}

void TerminalView::paintLine(QPainter &painter, int line, int y)
{
    const bool history = line < screen()->scrollbackSize();
    const TerminalLine cells =
        history ? screen()->scrollbackLine(line) : screen()->line(line - screen()->scrollbackSize());
    int col = 0;
    while (col < cells.size()) {
        // A run of cells that look the same is drawn with one call.
        const TerminalCell &look = cells.at(col);
        const bool selected = isSelected(line, col);
        int end = col;
        QString text;
        while (end < cells.size() && sameLook(cells.at(end), look) && isSelected(line, end) == selected) {
            if (cells.at(end).width != 0)
                text += cells.at(end).text.isEmpty() ? QStringLiteral(" ") : cells.at(end).text;
            ++end;
        }
        QColor foreground = colorOf(look.foreground, defaultForeground);
        QColor background = colorOf(look.background, defaultBackground);
        if (look.reverse != selected)
            std::swap(foreground, background);
        const QRect area(col * m_cellWidth, y, (end - col) * m_cellWidth, m_cellHeight);
        if (background != QColor::fromRgb(defaultBackground))
            painter.fillRect(area, background);
        if (!text.trimmed().isEmpty()) {
            QFont font = this->font();
            font.setBold(look.bold);
            font.setItalic(look.italic);
            font.setUnderline(look.underline != 0);
            font.setStrikeOut(look.strike);
            painter.setFont(font);
            painter.setPen(foreground);
            painter.drawText(area.left(), y + m_ascent, text);
        }
        col = end;
    }
}
