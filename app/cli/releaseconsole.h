#pragma once

#include <QList>
#include <QObject>
#include <QString>

class CliContext;
class RunReleaser;
struct ReleaseTarget;

// The releases of `run release` and `leaks --release` on a terminal: each sandbox on stderr as RunReleaser
// gets to it (released, gone already, or why not), then the exit code.
class ReleaseConsole final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReleaseConsole)

public:
    // The ledger is open (CliContext::openLedger).
    explicit ReleaseConsole(CliContext &context, QObject *parent = nullptr);

    // What run `name` holds, with a summary on stdout; a failure names the sandbox's servers too.
    void releaseRun(const QString &name);
    // The leaks `leaks` found, each said as it goes and nothing more.
    void releaseSandboxes(const QList<ReleaseTarget> &targets);

private:
    CliContext &m_context;
    RunReleaser *m_releaser;
    bool m_namesServersOnFailure = false;
};
