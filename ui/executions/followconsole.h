#pragma once

#include "models/ansitextparser.h"
#include "models/mergedlog.h"

#include <QElapsedTimer>
#include <QList>
#include <QPointer>
#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <QTimer>
#include <QWidget>

#include <deque>
#include <vector>

class ExecutionsController;
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
// The merged log is kept once, compactly (MergedLog: each line's bytes as written), besides the console's
// document, which holds what is shown. One slice of work per turn of the event loop, under one time budget,
// takes in what the jobs sent and shows the next lines: a log streaming in never holds up a frame, and a new
// filter shows the kept lines again from the first by the same slices (a newer filter starts over).
class FollowConsole final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FollowConsole)

public:
    explicit FollowConsole(ExecutionsController *executions, QWidget *parent = nullptr);
    ~FollowConsole() override;

    // Asks for the folder and the name, then opens a follow console running it in `sandboxIds`.
    static FollowConsole *askAndRun(ExecutionsController *executions, const QStringList &sandboxIds,
                                    QWidget *parent);

    // One ExecutionJob per sandbox, each following its log to the end.
    void run(const QStringList &sandboxIds, const QString &folder, const QString &executionName);
    // Shows only the lines whose text (prefix included) matches; empty shows all. False when invalid.
    bool setFilter(const QString &pattern);

    bool isRunning() const;
    int sourceCount() const { return int(m_sources.size()); }
    QString prefixOf(int source) const;
    QString statusOf(int source) const;
    qint64 mergedLineCount() const { return m_log.lineCount(); }
    // Every line taken in and shown (or filtered out): nothing waits for a slice.
    bool isUpToDate() const { return m_incoming.empty() && m_shown >= m_log.lineCount(); }
    // The line's bytes as its sandbox wrote them, and whose they are (MergedLog::noteSource for a note).
    QByteArrayView mergedBytes(qint64 line) const { return m_log.bytesOf(line); }
    int mergedSource(qint64 line) const { return m_log.sourceOf(line); }
    qint64 keptBytes() const { return m_log.memoryBytes(); }
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
        QPointer<ExecutionJob> job;
        QString status;
        QLabel *strip = nullptr;
        QString stripText;    // as last set, so that an unchanged label is not laid out again
        bool pending = false; // from run() until its job finished
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
    void scheduleWork();
    void work();
    void takeIn(const QElapsedTimer &spent, qint64 budgetNs);
    void showSome(const QElapsedTimer &spent, qint64 budgetNs);
    void onJobFinished(int source);
    QList<AnsiSpan> prefixed(int source, const QList<AnsiSpan> &spans) const;
    bool accepts(int source, const QList<AnsiSpan> &spans) const;
    void showAll();
    void updateStrip(int source);
    void updateTitle();

    ExecutionsController *m_executions;
    ExecutionConsole *m_console;
    QLineEdit *m_filter;
    QLabel *m_filterProblem;
    QHBoxLayout *m_strip;
    std::vector<Source> m_sources;
    MergedLog m_log;
    qint64 m_shown = 0; // lines of m_log the console has been given (or the filter refused)
    QRegularExpression m_expression;
    QString m_executionName;
    bool m_dark = false;
    bool m_cutNoted = false;
    QTimer m_stripTimer; // line counts every quarter second, not on every line
    std::deque<Incoming> m_incoming;
    QTimer m_work;
};
