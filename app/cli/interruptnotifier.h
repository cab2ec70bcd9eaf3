#pragma once

#include <QObject>

class QSocketNotifier;

// Turns SIGINT (Ctrl+C) into a Qt signal with the self-pipe trick: the handler only write()s one byte,
// which is async-signal-safe, and the event loop does the real work (cancelling a transfer so that it
// removes its temporary files). After the first Ctrl+C the default action is restored, so a second one
// still ends a process that is stuck.
class InterruptNotifier final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InterruptNotifier)

public:
    // What a command cancelled with Ctrl+C exits with: 128 + SIGINT, as a shell reports a process it ended.
    static constexpr int interruptedExitCode = 130;
    explicit InterruptNotifier(QObject *parent = nullptr);
    ~InterruptNotifier() override; // restores the previous SIGINT handler

    bool isActive() const { return m_notifier != nullptr; }
    // How many Ctrl+C this notifier turns into interrupted() before the default action is back (1 unless
    // set): `run create` stops after the acquire in flight on the first and aborts that acquire on the
    // second, which is then recorded as ambiguous. The next one still ends a stuck process.
    void setInterruptsToCatch(int count) { m_toCatch = count; }

signals:
    void interrupted();

private:
    void onReadable();

    QSocketNotifier *m_notifier = nullptr;
    bool m_installed = false;
    int m_toCatch = 1;
};
