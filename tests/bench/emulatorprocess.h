#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>

// The standalone emulator in a process of its own, so that its work is not the GUI thread's; killed when
// this goes.
class EmulatorProcess
{
public:
    EmulatorProcess() = default;
    ~EmulatorProcess();
    Q_DISABLE_COPY_MOVE(EmulatorProcess)

    // Starts it and waits for "listening on …"; false (with the output on stderr) when it does not say so.
    bool start(const QString &program, const QStringList &args);
    QString api() const { return m_api; }

private:
    QProcess m_process;
    QString m_api;
};
