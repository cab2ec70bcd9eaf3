#pragma once

#include "models/ansitextparser.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QList>
#include <QString>
#include <QTimer>
#include <QWidget>

#include <deque>

class ConsoleSearchBar;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QTextCharFormat;
class QTextCursor;
class QToolButton;

// A read-only console for an execution's log: ANSI colours rendered, follow (scrolling up stops it, the
// Follow button resumes), wrap, search (Ctrl+F), copy, save, the status with an elapsed-time counter and
// the line and byte counts.
//
// Text is never inserted as it arrives: it is queued and flushed every flushIntervalMs in one edit block,
// each flush working at most flushBudgetMs (the rest waits for the next one), so a script printing as fast
// as it can never holds up a frame. The raw bytes are kept for Save up to rawCapBytes (then the console says
// they were cut); the document shows the last displayCapLines lines. Styled text (appendSpans) is not kept
// twice: its owner keeps its own copy, and Save writes the document's text.
class ExecutionConsole final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExecutionConsole)

public:
    static constexpr int flushIntervalMs = 30;
    static constexpr int flushBudgetMs = 8;
    static constexpr qint64 rawCapBytes = qint64{256} * 1024 * 1024;
    static constexpr int displayCapLines = 2'000'000;

    explicit ExecutionConsole(QWidget *parent = nullptr);

    // Log bytes as the script wrote them (ANSI sequences, UTF-8 cut anywhere).
    void appendLog(const QByteArray &bytes);
    // Log bytes the script wrote to stderr: shown in red where it chose no colour; saved as they came.
    void appendErrorLog(const QByteArray &bytes);
    // Text already styled (the follow console's prefixed lines); Save writes it as the document shows it.
    void appendSpans(const QList<AnsiSpan> &spans);
    // A line of the console's own (stopped following, an error), in grey italics; not part of the log.
    void appendNote(const QString &note);
    void clear();
    // Empties it for another log: the text, and the status and clock of the log it showed.
    void startOver();

    // pending, running, completed, failed, or a word of the app's (stopped following, error).
    void setStatus(const QString &word, const QString &shownText = {});
    QString status() const { return m_status; }
    // The elapsed time the header shows ("0:42"); empty without a clock.
    QString elapsedText() const;
    void startClock();
    void stopClock();

    bool isFollowing() const { return m_following; }
    void setFollowing(bool following);
    void setWrapping(bool wrapping);

    // Everything queued into the document now (tests, copy, save, search).
    void flush();
    // Between the two, flush() puts text in within one edit block that ends at endBatch(): the layout and
    // the scroll bars are redone once, not once a flush. QPlainTextEdit lays out the last page each time
    // its scroll bars are redone, and a laid-out block keeps its layout (about 1 KiB), so a caller flushing
    // small batches under its own time budget would leave most of the log laid out.
    void beginBatch();
    void endBatch();
    QString plainText();
    QByteArray rawText() const { return m_raw; }
    qint64 lineCount() const { return m_lines; }
    qint64 byteCount() const { return m_bytes; }
    bool wasCut() const { return m_cut; }
    bool hasPending() const { return !m_pending.empty(); }

    // Finds `text` from the cursor (wrapping around) and selects it; false when it is nowhere.
    bool find(const QString &text, bool backward = false);
    void showSearch();
    // Writes rawText() (styled text: the document's text) to `fileName` off the GUI thread; saved() tells
    // how it went.
    void saveTo(const QString &fileName);
    void save(); // asks for the file
    void copy(); // the selection, or everything

    QPlainTextEdit *textView() const { return m_text; }
    QToolButton *followButton() const { return m_follow; }
    QLineEdit *searchField() const;

signals:
    void saved(const QString &fileName, const QString &error);
    void copied(const QString &what);
    void followingChanged(bool following);

protected:
    void changeEvent(QEvent *event) override;
    // Ctrl+F with the focus in the console is the console's search, not the window's Find: a QShortcut of
    // its own made the two ambiguous and Qt ran neither.
    bool event(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    struct Pending
    {
        QByteArray bytes; // to parse
        QList<AnsiSpan> spans;
        bool note = false;
        bool error = false; // bytes from stderr
    };

    void queueLog(const QByteArray &bytes, bool error);

    void scheduleFlush();
    void flushSome(qint64 budgetMs);
    void insert(QTextCursor &cursor, const QList<AnsiSpan> &spans, bool note);
    QTextCharFormat formatFor(const AnsiStyle &style, bool note) const;
    void keepRaw(const QByteArray &bytes);
    void updateCounts();
    void updateClock();
    void onScrolled(int value);
    void scrollToEnd();

    QPlainTextEdit *m_text;
    QToolButton *m_follow;
    QToolButton *m_wrap;
    QLabel *m_statusLabel;
    QLabel *m_elapsedLabel;
    QLabel *m_countsLabel;
    ConsoleSearchBar *m_searchBar;
    AnsiTextParser m_parser;
    std::deque<Pending> m_pending;
    QTimer m_flushTimer;
    QTimer m_clockTimer;
    QElapsedTimer m_clock;
    qint64 m_clockStoppedAtMs = -1;
    QByteArray m_raw;
    qint64 m_bytes = 0;
    qint64 m_lines = 0;
    bool m_cut = false;
    int m_batches = 0;
    QTextCursor *m_batchCursor = nullptr;
    bool m_fedSpans = false; // styled text came in: Save writes the document's text
    bool m_following = true;
    bool m_scrollingToEnd = false;
    bool m_dark = false;
    QString m_status;
};
