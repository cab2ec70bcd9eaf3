#include "runs/runseeder.h"

#include "api/apicall.h"
#include "api/httptransport.h"
#include "api/klavisserverdataservice.h"
#include "runs/ledgerrecorder.h"
#include "workspace/uploadjob.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

RunSeeder::RunSeeder(HttpTransport *transport, KlavisLocalSandboxService *local, LedgerRecorder &recorder,
                     QObject *parent)
    : QObject(parent), m_transport(transport), m_local(local),
      m_data(new KlavisServerDataService(transport, this)), m_recorder(recorder)
{}

QString RunSeeder::readSeeds(const QString &path, QJsonObject *out)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return u"Cannot read the seed data %1: %2"_s.arg(path, file.errorString());
    // The same bound as a dump the API sends back: a seed is a server's data, not an archive.
    const QByteArray bytes = file.read(KlavisServerDataService::maxDumpBytes + 1);
    if (bytes.size() > KlavisServerDataService::maxDumpBytes)
        return u"The seed data %1 is larger than %2 MiB."_s.arg(path).arg(
            KlavisServerDataService::maxDumpBytes >> 20);
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &error);
    if (!document.isObject())
        return u"The seed data %1 is not a JSON object of server names: %2"_s.arg(path, error.errorString());
    const QJsonObject seeds = document.object();
    for (auto it = seeds.begin(); it != seeds.end(); ++it)
        if (!it.value().isObject() && it.value() != QJsonValue(u"default"_s))
            return u"The seed of %1 in %2 is neither a JSON object nor \"default\"."_s.arg(it.key(), path);
    *out = seeds;
    return {};
}

void RunSeeder::reset(const RunPlan &plan)
{
    m_plan = plan;
    m_seeds = {};
    m_failures = 0;
}

bool RunSeeder::wants(const RunSandbox &sandbox) const
{
    return sandbox.slot.local ? !m_plan.workspace.isEmpty() : m_seeds.contains(sandbox.slot.servers.value(0));
}

void RunSeeder::seed(int index, const RunSandbox &sandbox)
{
    // Busy from here, the intent's write included: a cancel() meanwhile lets the seed finish, like an
    // acquire.
    m_busy = true;
    if (sandbox.slot.local)
        seedWorkspace(index, sandbox);
    else
        seedData(index, sandbox);
}

void RunSeeder::seedData(int index, const RunSandbox &sandbox)
{
    const QString server = sandbox.slot.servers.value(0);
    const QJsonValue body = m_seeds.value(server);
    m_recorder.begin(
        LedgerOperationKind::DataInit, LedgerProvider::Klavis, {server}, sandbox.sandboxId, m_plan.name,
        m_plan.benchmark, {}, 0, [this, index, server, body, sandboxId = sandbox.sandboxId](qint64 id) {
            const auto done = [this, index, sandboxId, id,
                               body](const ApiResult<SandboxActionResult> &result) {
                std::optional<LedgerTransfer> facts;
                if (body.isObject())
                    facts =
                        LedgerRecorder::factsOf(QJsonDocument(body.toObject()).toJson(QJsonDocument::Compact),
                                                QFileInfo(m_plan.seedDataFile).fileName());
                finished(index, sandboxId, id, result.error(), facts);
            };
            if (body.isObject())
                m_call = m_data->initialize(server, sandboxId, body, this, done);
            else
                m_call = m_data->initializeDefault(server, sandboxId, this, done);
        });
}

void RunSeeder::seedWorkspace(int index, const RunSandbox &sandbox)
{
    m_recorder.begin(
        LedgerOperationKind::Upload, LedgerProvider::KlavisLocal, sandbox.slot.servers, sandbox.sandboxId,
        m_plan.name, m_plan.benchmark, {}, 0,
        [this, index, sandboxId = sandbox.sandboxId](qint64 id) { uploadSeed(index, sandboxId, id); });
}

void RunSeeder::uploadSeed(int index, const QString &sandboxId, qint64 operationId)
{
    auto *job = new UploadJob(m_local, m_transport->networkAccessManager(), sandboxId, u"us"_s,
                              {m_plan.workspace}, this);
    m_job = job;
    connect(job, &TransferJob::finished, this, [this, index, sandboxId, operationId, job] {
        job->deleteLater();
        ApiError error;
        if (job->state() == TransferJob::State::Failed)
            error = ApiError::local(job->errorText());
        else if (job->state() == TransferJob::State::Cancelled)
            error = ApiError::cancelled();
        LedgerTransfer facts;
        facts.bytes = job->networkBytes();
        facts.localFileName = QFileInfo(m_plan.workspace).fileName();
        // An archive sent as it is can be hashed; a packed folder's archive was temporary and is gone.
        QFile archive(m_plan.workspace);
        if (m_plan.workspace.endsWith(u".tar.gz"_s) && archive.open(QIODevice::ReadOnly)) {
            QCryptographicHash hash(QCryptographicHash::Sha256);
            if (hash.addData(&archive))
                facts.sha256 = QString::fromLatin1(hash.result().toHex());
        }
        finished(index, sandboxId, operationId, error, facts);
    });
    job->start();
}

void RunSeeder::finished(int index, const QString &sandboxId, qint64 operationId, const ApiError &error,
                         const std::optional<LedgerTransfer> &facts)
{
    m_recorder.finish(operationId, error, sandboxId, error.isError() ? std::nullopt : facts);
    m_busy = false;
    QString problem;
    if (error.isError()) {
        ++m_failures;
        problem = error.fullText();
    }
    emit seeded(index, problem);
}

void RunSeeder::abort()
{
    if (m_job && !m_job->isFinished())
        m_job->cancel();
    if (m_call && !m_call->isFinished())
        m_call->abort();
}
