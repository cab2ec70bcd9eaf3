#pragma once

#include "terminal/terminalsession.h"

#include <QAbstractScrollArea>
#include <QPoint>
#include <QPointer>
#include <QTimer>

class TerminalScreen;
struct TerminalCell;

// Shows a terminal's screen model and sends it keys: a monospace grid in the model's colours with the
// cursor, the scrollback under the scroll bar (Shift+PgUp/PgDn too), a mouse selection copied with
// Ctrl+Shift+C, Ctrl+Shift+V to paste, and the grid's size told to the session when the widget resizes.
// It holds the session it is given; it never makes one.
class TerminalView final : public QAbstractScrollArea
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TerminalView)

public:
    explicit TerminalView(QWidget *parent = nullptr);

    void setSession(TerminalSession *session);
    TerminalSession *session() const { return m_session; }
    // The grid that fits the widget now.
    int columnsFitting() const;
    int rowsFitting() const;
    QString selectedText() const;
    // The line drawn at the top, counted from the oldest scrollback line: where the scroll bar is, or, on the
    // alternate screen (vim, less), that screen's first line, since it has no history to scroll through.
    int firstLine() const;
    void copySelection();
    void pasteClipboard();

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    bool focusNextPrevChild(bool next) override;

private:
    TerminalScreen *screen() const;
    void updateScrollRange();
    void applySize();
    // (column, line) with line counted from the oldest scrollback line.
    QPoint cellAt(const QPoint &viewportPos) const;
    bool isSelected(int line, int col) const;
    void paintLine(QPainter &painter, int line, int y);

    QPointer<TerminalSession> m_session;
    QTimer m_resize;
    int m_cellWidth = 8;
    int m_cellHeight = 16;
    int m_ascent = 12;
    QPoint m_selectionStart{-1, -1};
    QPoint m_selectionEnd{-1, -1};
    bool m_selecting = false;
};
