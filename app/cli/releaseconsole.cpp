#include "cli/releaseconsole.h"

#include "cli/clicontext.h"
#include "ledger/runledger.h"
#include "runs/runreleaser.h"

using namespace Qt::StringLiterals;

ReleaseConsole::ReleaseConsole(CliContext &context, QObject *parent)
    : QObject(parent), m_context(context),
      m_releaser(new RunReleaser(context.transport(), LedgerAccess(context.ledger()), this))
{
    connect(m_releaser, &RunReleaser::released, this, [this](const ReleaseTarget &target) {
        m_context.output().err(u"Released %1%2 %3\n"_s.arg(target.leftover ? u"leftover "_s : QString(),
                                                           target.servers.join(u','), target.sandboxId));
    });
    connect(m_releaser, &RunReleaser::vanished, this, [this](const ReleaseTarget &target) {
        m_context.output().err(u"Released %1 %2 (the server no longer held it)\n"_s.arg(
            target.servers.join(u','), target.sandboxId));
    });
    connect(m_releaser, &RunReleaser::failed, this,
            [this](const ReleaseTarget &target, const QString &sentence, const ApiError &error) {
                CliOutput &output = m_context.output();
                const QString why = error.isError() ? output.errorSentence(error) : sentence;
                if (m_namesServersOnFailure && !target.leftover)
                    output.err(u"error: %1 %2: %3\n"_s.arg(target.servers.join(u','), target.sandboxId, why));
                else
                    output.err(u"error: %1: %2\n"_s.arg(target.sandboxId, why));
            });
}

void ReleaseConsole::releaseRun(const QString &name)
{
    m_namesServersOnFailure = true;
    connect(m_releaser, &RunReleaser::finished, this,
            [this, name](int released, int failed, const QString &error) {
                CliOutput &output = m_context.output();
                if (!error.isEmpty())
                    output.err(u"error: "_s + error + u'\n');
                if (m_releaser->wasRefused())
                    return m_context.done(1);
                output.out(u"Run %1: %2 released, %3 failed.\n"_s.arg(name).arg(released).arg(failed));
                m_context.done(failed == 0 && error.isEmpty() ? 0 : 1);
            });
    m_releaser->releaseRun(name);
}

void ReleaseConsole::releaseSandboxes(const QList<ReleaseTarget> &targets)
{
    connect(m_releaser, &RunReleaser::finished, this,
            [this](int, int failed, const QString &) { m_context.done(failed ? 1 : 0); });
    m_releaser->releaseSandboxes(targets);
}
