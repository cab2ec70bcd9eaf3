#pragma once

#include "terminal/terminalcell.h"

#include <QByteArray>
#include <QObject>
#include <QPoint>
#include <QString>
#include <QStringList>

#include <deque>

struct VTerm;
struct VTermScreen;

// The screen of a terminal, without widgets: libvterm (the emulator behind neovim's :terminal) takes the
// bytes the shell writes and keeps the cells; this keeps a bounded scrollback of the lines that leave the
// top, and turns keys into the bytes to send back. What changed is told once per feed, never per byte, so a
// view repaints once per chunk of output.
class TerminalScreen final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TerminalScreen)

public:
    static constexpr int defaultScrollbackLines = 5000;

    explicit TerminalScreen(int rows = 24, int cols = 80, QObject *parent = nullptr);
    ~TerminalScreen() override;

    void feed(const QByteArray &bytes);
    void resize(int rows, int cols);
    // Everything back to a blank screen with no scrollback (before a replay of the shell's output).
    void reset();
    void setScrollbackLimit(int lines);

    int rows() const { return m_rows; }
    int cols() const { return m_cols; }
    TerminalCell cell(int row, int col) const;
    TerminalLine line(int row) const;
    int scrollbackSize() const { return int(m_scrollback.size()); }
    // 0 is the oldest line kept.
    const TerminalLine &scrollbackLine(int index) const { return m_scrollback.at(size_t(index)); }
    // A line of scrollback (index < scrollbackSize()) or of the screen below it, as text, trailing blanks
    // cut.
    QString lineText(int index) const;
    // The screen's rows as text, one a line.
    QString screenText() const;
    QPoint cursor() const { return m_cursor; } // x: column, y: row
    bool cursorVisible() const { return m_cursorVisible; }
    bool isAlternateScreen() const { return m_alternate; }
    QString title() const { return m_title; }

    // A key the user pressed (Qt::Key, its modifiers and its text); false when the terminal has no use for
    // it. The bytes to send come out through input().
    bool sendKey(int key, Qt::KeyboardModifiers modifiers, const QString &text);
    // Pasted text, bracketed when the program asked for it.
    void paste(const QString &text);

Q_SIGNALS:
    // Rows first..last (inclusive) of the screen changed; the scrollback may have grown too.
    void changed(int firstRow, int lastRow);
    void scrollbackChanged();
    void cursorMoved();
    void alternateScreenChanged(bool alternate);
    void titleChanged(const QString &title);
    void bell();
    // Bytes for the shell: keys, pastes, and libvterm's answers to the program's queries.
    void input(const QByteArray &bytes);

private:
    friend struct TerminalScreenCallbacks;

    TerminalLine convert(const void *cells, int count) const;
    void damage(int startRow, int endRow);
    void pushLine(TerminalLine line);
    void flushInput();

    VTerm *m_vterm = nullptr;
    VTermScreen *m_screen = nullptr;
    int m_rows;
    int m_cols;
    int m_scrollbackLimit = defaultScrollbackLines;
    std::deque<TerminalLine> m_scrollback;
    QPoint m_cursor;
    bool m_cursorVisible = true;
    bool m_alternate = false;
    QString m_title;
    int m_damageFirst = -1;
    int m_damageLast = -1;
    bool m_scrollbackMoved = false;
    bool m_cursorMoved = false;
    bool m_feeding = false;
    QByteArray m_pendingInput;
    QByteArray m_partialUtf8; // a character cut between two feeds, held for the next
};
