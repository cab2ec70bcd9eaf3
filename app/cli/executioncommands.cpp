#include "cli/executioncommands.h"

#include "api/httptransport.h"
#include "api/klavisexecutionservice.h"
#include "cli/interruptnotifier.h"
#include "cli/logtextfilter.h"
#include "cli/transferconsole.h"
#include "cli/transferprogressline.h"
#include "execution/executionjob.h"
#include "execution/executionlogfollower.h"
#include "runs/ledgerrecorder.h"
#include "workspace/dumpjob.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace {

constexpr int usageExitCode = 2;

QString resumeCommand(const QString &sandboxId, const QString &name)
{
    return u"sandboxdeck-cli local logs %1 %2 --follow"_s.arg(sandboxId, name);
}

// A new or empty folder: what the extraction accepts, checked before any request.
bool isNewOrEmptyFolder(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists() && !info.isSymLink())
        return true;
    return info.isDir() && !info.isSymLink() &&
           QDir(path).isEmpty(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
}

} // namespace

const QMap<QString, ExecutionCommands::Handler> &ExecutionCommands::handlers()
{
    static const QMap<QString, Handler> handlers = {
        {u"local exec"_s, &ExecutionCommands::exec},
        {u"local logs"_s, &ExecutionCommands::logs},
        {u"local artifacts"_s, &ExecutionCommands::artifacts},
    };
    return handlers;
}

bool ExecutionCommands::handles(const QString &command)
{
    return handlers().contains(command);
}

ExecutionCommands::ExecutionCommands(CliContext &context, QObject *parent)
    : CliCommandGroup(context, parent), m_executions(new KlavisExecutionService(context.transport(), this))
{}

ExecutionCommands::~ExecutionCommands() = default;

void ExecutionCommands::start()
{
    (this->*handlers().value(m_command.name))();
}

void ExecutionCommands::writeLog(const QByteArray &bytes)
{
    if (!m_logFilter && !m_command.has(u"raw"_s))
        m_logFilter = std::make_unique<LogTextFilter>();
    QByteArray text = bytes;
    if (m_logFilter)
        text = bytes.isNull() ? m_logFilter->finish() : m_logFilter->filter(bytes);
    // As it comes: a person watching sees each chunk at once, a pipe gets it without waiting for a buffer.
    if (!text.isEmpty())
        std::fwrite(text.constData(), 1, size_t(text.size()), stdout);
    std::fflush(stdout);
}

void ExecutionCommands::exec()
{
    const QString sandboxId = m_command.arguments[0];
    const QString folder = QFileInfo(m_command.arguments[1]).absoluteFilePath();
    const QString name = m_command.has(u"name"_s)
                             ? m_command.option(u"name"_s)
                             : u"exec-"_s + QDateTime::currentDateTimeUtc().toString(u"yyyyMMdd-hhmmss"_s);
    const QString artifacts = m_command.has(u"artifacts"_s)
                                  ? QFileInfo(m_command.option(u"artifacts"_s)).absoluteFilePath()
                                  : QString();
    const bool follow = m_command.has(u"follow"_s) || !artifacts.isEmpty();
    // The local side is checked before any request, like an upload's sources.
    if (!QFileInfo(folder).isDir()) {
        m_output.err(u"error: %1 is not a folder; nothing was run.\n"_s.arg(m_command.arguments[1]));
        return done(usageExitCode);
    }
    if (!QFileInfo(QDir(folder).filePath(u"main.py"_s)).isFile()) {
        m_output.err(u"error: %1 has no main.py: an execution runs the main.py at the top of the folder. "
                     "Nothing was run.\n"_s.arg(m_command.arguments[1]));
        return done(usageExitCode);
    }
    if (!artifacts.isEmpty() && !isNewOrEmptyFolder(artifacts)) {
        m_output.err(u"error: %1 is not a new or empty folder; --artifacts extracts into one. Nothing was "
                     "run.\n"_s.arg(m_command.option(u"artifacts"_s)));
        return done(usageExitCode);
    }

    auto *job = new ExecutionJob(m_executions, m_context.transport()->networkAccessManager(), sandboxId,
                                 folder, name, m_command.region(), this);
    job->setFollow(follow);
    job->setArtifactsFolder(artifacts);
    auto progress = std::make_shared<QPointer<TransferProgressLine>>();
    connect(job, &ExecutionJob::transferStarted, this, [this, progress](TransferJob *transfer) {
        *progress = new TransferProgressLine(transfer, &m_output, CliOutput::stderrIsTerminal(), transfer);
    });
    connect(job, &ExecutionJob::phaseChanged, this, [this, job, progress](ExecutionJob::Phase phase) {
        if (*progress && (phase == ExecutionJob::Phase::Starting || phase == ExecutionJob::Phase::Finished))
            (*progress)->clear();
        if (phase == ExecutionJob::Phase::Following)
            m_output.err(u"Execution %1 started in local sandbox %2; its log follows.\n"_s.arg(
                job->executionName(), job->localSandboxId()));
    });
    connect(job, &ExecutionJob::logText, this, &ExecutionCommands::writeLog);
    auto *interrupt = new InterruptNotifier(job);
    connect(interrupt, &InterruptNotifier::interrupted, job, [job, progress] {
        if (*progress)
            (*progress)->clear();
        job->cancel(); // finished() follows: at once while following, once the upload has stopped
    });
    auto intent = std::make_shared<qint64>(0);
    connect(job, &ExecutionJob::finished, this, [this, job, intent] {
        if (m_logFilter)
            writeLog({}); // what the filter still holds
        m_context.recorder().finishExecution(*intent, *job);
        const QString sandbox = job->localSandboxId();
        const QString name = job->executionName();
        switch (job->outcome()) {
        case ExecutionJob::Outcome::Started:
            if (m_command.json) {
                m_output.json(QJsonDocument(QJsonObject{{u"local_sandbox_id"_s, sandbox},
                                                        {u"execution_name"_s, name},
                                                        {u"region"_s, job->region()}})
                                  .toJson(QJsonDocument::Compact));
            } else {
                m_output.out(name + u'\n');
                m_output.err(u"Execution %1 started in local sandbox %2. Follow its log with: %3\n"_s.arg(
                    name, sandbox, resumeCommand(sandbox, name)));
            }
            return done(0);
        case ExecutionJob::Outcome::Completed:
            if (!job->artifactsLeftOut().isEmpty()) {
                m_output.err(
                    u"Left out %1 entries of the artifacts:\n"_s.arg(job->artifactsLeftOut().size()));
                for (const QString &entry : job->artifactsLeftOut())
                    m_output.err(u"  "_s + entry + u'\n');
            }
            return done(0);
        case ExecutionJob::Outcome::Failed:
            m_output.err(u"Execution %1 failed.\n"_s.arg(name));
            return done(1);
        case ExecutionJob::Outcome::StoppedFollowing:
            m_output.err(
                u"Stopped following; execution %1 is still running in local sandbox %2. Resume with: "
                "%3\n"_s.arg(name, sandbox, resumeCommand(sandbox, name)));
            return done(InterruptNotifier::interruptedExitCode);
        case ExecutionJob::Outcome::Cancelled:
            m_output.err((job->errorText().isEmpty() ? u"Cancelled."_s : job->errorText()) + u'\n');
            return done(InterruptNotifier::interruptedExitCode);
        case ExecutionJob::Outcome::None:
        case ExecutionJob::Outcome::Error:
            break;
        }
        m_output.err(u"error: "_s + job->errorText() + u'\n');
        if (job->executionStarted())
            m_output.err(u"Execution %1 may still be running; see its log with: %2\n"_s.arg(
                name, resumeCommand(sandbox, name)));
        done(1);
    });
    m_context.recorder().beginExecution(sandboxId, name, [job, intent](qint64 id) {
        *intent = id;
        job->start();
    });
}

void ExecutionCommands::logs()
{
    const QString sandboxId = m_command.arguments[0];
    const QString name = m_command.arguments[1];
    qint64 cursor = 0;
    if (m_command.has(u"cursor"_s)) {
        bool ok = false;
        cursor = m_command.option(u"cursor"_s).toLongLong(&ok);
        if (!ok || cursor < 0) {
            m_output.err(u"error: --cursor takes a byte offset, a whole number of 0 or more.\n"_s);
            return done(usageExitCode);
        }
    }
    const bool follow = m_command.has(u"follow"_s);
    auto *follower = new ExecutionLogFollower(m_executions, sandboxId, name, this);
    follower->setFollow(follow);
    connect(follower, &ExecutionLogFollower::text, this, &ExecutionCommands::writeLog);
    connect(follower, &ExecutionLogFollower::retrying, this,
            [this](const QString &reason) { m_output.err(reason + u", retrying\n"_s); });
    auto *interrupt = new InterruptNotifier(follower);
    connect(interrupt, &InterruptNotifier::interrupted, follower, &ExecutionLogFollower::cancel);
    connect(follower, &ExecutionLogFollower::finished, this, [this, follower, sandboxId, name, follow] {
        writeLog({});
        switch (follower->outcome()) {
        case ExecutionLogFollower::Outcome::Cancelled:
            m_output.err(
                u"Stopped following; execution %1 goes on. Resume from byte %2 with: %3 --cursor %2\n"_s
                    .arg(name)
                    .arg(follower->cursor())
                    .arg(resumeCommand(sandboxId, name)));
            return done(InterruptNotifier::interruptedExitCode);
        case ExecutionLogFollower::Outcome::Failed:
            return done(m_output.apiError(follower->error()));
        case ExecutionLogFollower::Outcome::Running:
        case ExecutionLogFollower::Outcome::Ended:
            break;
        }
        if (!follow) {
            if (follower->hasStatus() && !ExecutionStatusWords::isFinal(follower->status()))
                m_output.err(u"Execution %1 is %2; the log so far ends at byte %3.\n"_s.arg(
                    name, ExecutionStatusWords::word(follower->status()),
                    QString::number(follower->cursor())));
            return done(0);
        }
        if (follower->status() == ExecutionStatus::Failed) {
            m_output.err(u"Execution %1 failed.\n"_s.arg(name));
            return done(1);
        }
        done(0);
    });
    follower->start(cursor);
}

void ExecutionCommands::artifacts()
{
    const QString sandboxId = m_command.arguments[0];
    const QString name = m_command.arguments[1];
    const QString target = m_command.option(u"extract"_s);
    if (!isNewOrEmptyFolder(target)) {
        m_output.err(u"error: %1 is not a new or empty folder; --extract unpacks into one. Nothing was "
                     "downloaded.\n"_s.arg(target));
        return done(usageExitCode);
    }
    auto requestUrl = [service = m_executions, sandboxId, name,
                       region = m_command.region()](QObject *context, ResultHandler<SignedUrl> done) {
        return service->exportArtifacts(sandboxId, name, region, context, std::move(done));
    };
    TransferConsole::run(m_context,
                         new DumpJob(requestUrl, m_context.transport()->networkAccessManager(), sandboxId,
                                     DumpJob::Mode::Extract, QFileInfo(target).absoluteFilePath(), this));
}
