#pragma once

#include <QObject>
#include <QTimer>

class CliOutput;
class TransferJob;

// The one updating status line of a transfer on a terminal's stderr
// ("Uploading workspace.tar.gz  42%  12.3 MB/s  0:07 left"), redrawn in place with \r a few times a
// second rather than on every progress signal, which can come thousands of times. Does nothing when
// stderr is not a terminal, so scripts and logs get clean output.
class TransferProgressLine final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TransferProgressLine)

public:
    TransferProgressLine(TransferJob *job, CliOutput *output, bool enabled, QObject *parent = nullptr);

    // Wipes the line, so that what follows starts on a clean line.
    // Erases the line for a message of its own; the next tick draws it again below.
    void makeRoom();
    void clear();

    // withNumbers false: only the phase, for a phase whose first progress has not arrived yet (the job
    // still holds the previous phase's counts then).
    static QString describe(const TransferJob &job, bool withNumbers = true);
    static QString formatBytes(qint64 bytes);

private:
    void redraw();

    TransferJob *m_job;
    CliOutput *m_output;
    bool m_enabled;
    bool m_drawn = false;
    bool m_phaseHasProgress = false;
    QString m_lastLine; // a terminal is only written to when the text changes
    QTimer m_timer;
};
