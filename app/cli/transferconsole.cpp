#include "cli/transferconsole.h"

#include "cli/clicontext.h"
#include "cli/interruptnotifier.h"
#include "cli/transferprogressline.h"
#include "runs/ledgerrecorder.h"
#include "workspace/blaxeldumpjob.h"
#include "workspace/blaxeluploadjob.h"
#include "workspace/dumpjob.h"
#include "workspace/uploadjob.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <memory>
#include <optional>

using namespace Qt::StringLiterals;

namespace {

// The transfer finished, but the extractor left entries out (listed on stderr and in --json).
constexpr int incompleteExitCode = 3;

// What a dump took out: a Blaxel sandbox has a working directory (its "workspace" is the account's); `local
// artifacts` downloads an execution's folder.
QString dumped(const CliCommand &command, const TransferJob *job)
{
    if (command.name == u"local artifacts"_s)
        return u"the artifacts of execution %1 in %2"_s.arg(command.arguments.value(1), job->sandboxId());
    return command.isBlaxel() ? u"the working directory of Blaxel sandbox %1"_s.arg(job->sandboxId())
                              : u"the workspace of %1"_s.arg(job->sandboxId());
}

// What the ledger keeps of a transfer, as the job computed it off this thread: the archive's sha256 and size
// (the packed one, the dropped one, the dumped one) and the regular files in it. A count the walk could
// not finish is stored as 0, as the window does.
LedgerTransfer transferFacts(const TransferJob *job)
{
    return {job->sha256(), job->archiveBytes(), std::max<qint64>(0, job->fileCount()), job->name()};
}

} // namespace

bool TransferConsole::collectUploadSources(CliContext &context, QStringList *sources)
{
    for (const QString &path : context.command().arguments.mid(1)) {
        const QFileInfo info(path);
        // A dangling symlink is still something to upload: it is stored as a link, never followed.
        if (!info.exists() && !info.isSymLink()) {
            context.output().err(u"error: %1 does not exist; nothing was uploaded.\n"_s.arg(path));
            context.done(2);
            return false;
        }
        *sources << info.absoluteFilePath();
    }
    return true;
}

bool TransferConsole::dumpTargetAcceptable(CliContext &context)
{
    const CliCommand &command = context.command();
    const bool extract = command.has(u"extract"_s);
    const QString target = command.option(extract ? u"extract"_s : u"out"_s);
    // Checked here, before any request, like a missing upload source: usage errors of the local side.
    const QFileInfo existing(target);
    if (!extract && existing.isDir()) {
        context.output().err(u"error: %1 is a folder; --out takes the name of the .tar.gz to write. Nothing "
                             "was downloaded.\n"_s.arg(target));
        context.done(2);
        return false;
    }
    if (!extract && (existing.exists() || existing.isSymLink()) && !command.has(u"force"_s)) {
        context.output().err(u"error: %1 already exists; nothing was downloaded. Choose another name, or add "
                             "--force to replace it.\n"_s.arg(target));
        context.done(2);
        return false;
    }
    return true;
}

void TransferConsole::run(CliContext &context, TransferJob *job)
{
    (new TransferConsole(context, job))->start();
}

TransferConsole::TransferConsole(CliContext &context, TransferJob *job)
    : QObject(job), m_context(context), m_job(job)
{}

void TransferConsole::start()
{
    TransferJob *job = m_job;
    const bool upload = job->direction() == TransferJob::Direction::Upload;
    auto intent = std::make_shared<qint64>(0);
    connect(job, &TransferJob::finished, this, [this, job, intent] {
        ApiError outcome;
        if (job->state() == TransferJob::State::Failed)
            outcome = ApiError::local(job->errorText());
        else if (job->state() == TransferJob::State::Cancelled)
            outcome = ApiError::cancelled();
        std::optional<LedgerTransfer> facts;
        if (!outcome.isError())
            facts = transferFacts(job);
        m_context.recorder().finish(*intent, outcome, job->sandboxId(), facts);
    });
    auto *progress = new TransferProgressLine(job, &m_context.output(), CliOutput::stderrIsTerminal(), job);
    auto *interrupt = new InterruptNotifier(job);
    connect(interrupt, &InterruptNotifier::interrupted, job, [job, progress] {
        progress->clear();
        job->cancel(); // finished() follows, now or once the packer or extractor has stopped
    });
    connect(job, &TransferJob::progressChanged, this, [this, job](qint64 done, qint64 total) {
        // Packing and extracting count bytes on disk; the summary reports what went over the network.
        const auto state = job->state();
        if (state == TransferJob::State::Uploading || state == TransferJob::State::Downloading)
            m_transferBytes = std::max(done, total);
    });
    // A sandbox still starting holds the job up: said once per wait, on its own line.
    connect(job, &TransferJob::waitingNoteChanged, this, [this, progress](const QString &note) {
        if (note.isEmpty())
            return;
        progress->makeRoom();
        m_context.output().err(note + u'\n');
    });
    connect(job, &TransferJob::finished, this, [this, progress] {
        progress->clear();
        finish();
    });
    // The job starts once its intent is written.
    m_context.recorder().begin(upload ? LedgerOperationKind::Upload : LedgerOperationKind::Dump,
                               m_context.command().isBlaxel() ? LedgerProvider::Blaxel
                                                              : LedgerProvider::KlavisLocal,
                               {}, job->sandboxId(), [job, intent](qint64 id) {
                                   *intent = id;
                                   job->start();
                               });
}

void TransferConsole::finish()
{
    TransferJob *job = m_job;
    const CliCommand &command = m_context.command();
    CliOutput &output = m_context.output();
    switch (job->state()) {
    case TransferJob::State::Cancelled:
        output.err(job->mayHaveLanded()
                       ? u"Cancelled after the sandbox was asked to unpack the archive: the "
                         u"upload may have landed all the same; dump the workspace to see.\n"_s
                       : u"Cancelled; temporary files were removed.\n"_s);
        return m_context.done(InterruptNotifier::interruptedExitCode);
    case TransferJob::State::Failed:
        output.err(u"error: "_s + job->errorText() + u'\n');
        return m_context.done(1);
    default:
        break;
    }

    const bool upload = job->direction() == TransferJob::Direction::Upload;
    const bool blaxel = command.isBlaxel();
    QString path = job->resultPath();
    QJsonObject summary{{u"direction"_s, upload ? u"upload"_s : u"download"_s}};
    if (blaxel) {
        summary.insert(u"sandbox"_s, job->sandboxId());
        summary.insert(u"workspace"_s, command.option(u"workspace"_s));
    } else {
        summary.insert(u"local_sandbox_id"_s, job->sandboxId());
        summary.insert(u"region"_s, command.region());
    }
    QStringList sources;
    std::optional<bool> extracted;
    if (auto *uploadJob = qobject_cast<UploadJob *>(job))
        sources = uploadJob->sources();
    else if (auto *blaxelUpload = qobject_cast<BlaxelUploadJob *>(job))
        sources = blaxelUpload->sources();
    else if (auto *dumpJob = qobject_cast<DumpJob *>(job))
        extracted = dumpJob->mode() == DumpJob::Mode::Extract;
    else if (auto *blaxelDump = qobject_cast<BlaxelDumpJob *>(job))
        extracted = blaxelDump->mode() == BlaxelDumpJob::Mode::Extract;
    if (upload) {
        if (blaxel)
            summary.insert(u"working_dir"_s, path);
        path = sources.size() == 1 ? sources.first() : QString();
        summary.insert(u"sources"_s, QJsonArray::fromStringList(sources));
    } else if (extracted) {
        summary.insert(u"mode"_s, *extracted ? u"extract"_s : u"archive"_s);
        if (!*extracted)
            m_transferBytes = QFileInfo(path).size(); // exact, whatever the progress signals said
    }
    summary.insert(u"bytes"_s, m_transferBytes);
    summary.insert(u"path"_s, path.isEmpty() ? QJsonValue() : QJsonValue(path));
    // Entries the extractor left out make the result incomplete: said on stderr and in the exit status,
    // never only in a count.
    const QStringList leftOut = job->leftOut();
    const int exitCode = leftOut.isEmpty() ? 0 : incompleteExitCode;
    if (!leftOut.isEmpty())
        summary.insert(u"left_out"_s, QJsonArray::fromStringList(leftOut));

    if (command.json) {
        output.json(QJsonDocument(summary).toJson(QJsonDocument::Compact));
        return m_context.done(exitCode);
    }
    if (!leftOut.isEmpty()) {
        output.err(u"Left out %1 %2 of the archive:\n"_s.arg(leftOut.size())
                       .arg(leftOut.size() == 1 ? u"entry"_s : u"entries"_s));
        for (const QString &entry : leftOut)
            output.err(u"  "_s + entry + u'\n');
    }
    const QString size = TransferProgressLine::formatBytes(m_transferBytes);
    if (upload && blaxel)
        output.out(u"Uploaded %1 (%2) to Blaxel sandbox %3 and unpacked it into %4.\n"_s.arg(
            job->name(), size, job->sandboxId(),
            summary.value(u"working_dir"_s).toString(u"its working directory"_s)));
    else if (upload)
        output.out(u"Uploaded %1 (%2) to local sandbox %3 and unpacked it into its workspace.\n"_s.arg(
            job->name(), size, job->sandboxId()));
    else if (summary.value(u"mode"_s).toString() == u"extract"_s)
        output.out(u"Extracted %1 into %2 (%3 downloaded).\n"_s.arg(dumped(command, job), path, size));
    else
        output.out(u"Saved %1 to %2 (%3).\n"_s.arg(dumped(command, job), path, size));
    m_context.done(exitCode);
}
