#pragma once

#include "runs/ledgerrecorder.h"

#include "models/ansitextparser.h"

#include <QList>
#include <QPointer>
#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <QTimer>
#include <QWidget>

#include <deque>
#include <vector>

class AppSession;
class ExecutionConsole;
class ExecutionJob;
class QHBoxLayout;
class QLabel;
class QLineEdit;

// One folder run under one name in several local sandboxes, their logs merged into one console line by
// line: a line shows once it is complete (or when its execution ends), prefixed with its sandbox's short id
// in that sandbox's colour. A regular expression filters the lines shown (an invalid one is said, and shows
// everything); a strip tells each sandbox's status and line count. Researchers run the same script in many
// sandboxes and watch them together.
//
// The merged lines are kept (for the filter) besides the console's document: the follow console holds
// about twice its log in memory, which the console's caps bound.
class FollowConsole final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FollowConsole)

public:
    explicit FollowConsole(AppSession *session, QWidget *parent = nullptr);
    ~FollowConsole() override;

    // Asks for the folder and the name, then opens a follow console running it in `sandboxIds`.
    static FollowConsole *askAndRun(AppSession *session, const QStringList &sandboxIds, QWidget *parent);

    // One ExecutionJob per sandbox, each following its log to the end.
    void run(const QStringList &sandboxIds, const QString &folder, const QString &executionName);
    // Tests shorten the followers' waits.
    void setPollBackoff(int firstMs, int lastMs);
    // Shows only the lines whose text (prefix included) matches; empty shows all. False when invalid.
    bool setFilter(const QString &pattern);

    bool isRunning() const;
    int sourceCount() const { return int(m_sources.size()); }
    QString prefixOf(int source) const;
    QString statusOf(int source) const;
    qint64 mergedLineCount() const { return qint64(m_lines.size()); }
    ExecutionConsole *console() const { return m_console; }
    QLineEdit *filterField() const { return m_filter; }
    QLabel *filterProblem() const { return m_filterProblem; }

signals:
    void allFinished();

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Source
    {
        QString sandboxId;
        QString prefix;
        AnsiTextParser parser;
        QList<AnsiSpan> partial; // the line not complete yet
        QPointer<ExecutionJob> job;
        QString status;
        qint64 lines = 0;
        QLabel *strip = nullptr;
        qint64 ledgerId = 0; // its Execute operation in the ledger, once the intent is written
    };
    struct Line
    {
        int source = 0;
        QString text; // the prefix and the line, as the filter sees it
        QList<AnsiSpan> spans;
    };

    // What the jobs sent, taken in by slices under a time budget: a MiB of log cut into lines at once held
    // the GUI thread for over 100 ms.
    struct Incoming
    {
        int source = 0;
        QByteArray bytes;
        qsizetype taken = 0;
        bool finished = false; // the job ended: handled after the bytes it sent before
    };
    void enqueue(Incoming incoming);
    void takeIn();
    void onText(int source, const QByteArray &bytes);
    void completeLine(int source, QList<AnsiSpan> spans);
    void onJobFinished(int source);
    QList<AnsiSpan> prefixed(int source, const QList<AnsiSpan> &spans) const;
    bool accepts(const Line &line) const;
    void showAll();
    void updateStrip(int source);
    void updateTitle();

    AppSession *m_session;
    LedgerRecorder m_recorder;
    ExecutionConsole *m_console;
    QLineEdit *m_filter;
    QLabel *m_filterProblem;
    QHBoxLayout *m_strip;
    std::vector<Source> m_sources;
    std::vector<Line> m_lines;
    QRegularExpression m_expression;
    QString m_executionName;
    int m_pollFirstMs = 250;
    int m_pollLastMs = 2000;
    bool m_dark = false;
    QTimer m_stripTimer; // line counts every quarter second, not on every line
    std::deque<Incoming> m_incoming;
    QTimer m_intake;
};
