#pragma once

#include "api/apierror.h"
#include "ledger/ledgeroperation.h"
#include "runs/runplan.h"
#include "runs/runsandbox.h"

#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QString>

#include <optional>

class ApiCall;
class HttpTransport;
class KlavisLocalSandboxService;
class KlavisServerDataService;
class LedgerRecorder;
class TransferJob;

// A run's seeds, after each acquire and before the next (RunProvisioner keeps that order): the plan's
// seed-data file is a JSON object from server name to what `data init` sends (the server's body, or the
// string "default" for the provider's default data); a Klavis sandbox of a server it names is initialized
// with it. The plan's workspace (a folder or a .tar.gz) is uploaded to each local sandbox (UploadJob). Each
// seed is an operation of the run in the ledger, written as an intent before its request. A seed that fails
// leaves the sandbox held: seeded() carries the reason, and the run goes on.
class RunSeeder final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunSeeder)

public:
    // `local` acquires the run's local sandboxes and receives their uploads; `recorder` is the provisioner's.
    RunSeeder(HttpTransport *transport, KlavisLocalSandboxService *local, LedgerRecorder &recorder,
              QObject *parent = nullptr);

    // Reads a seed-data file: a JSON object of server name -> body or "default"; an error sentence or empty.
    static QString readSeeds(const QString &path, QJsonObject *out);

    // A new run: no seeds yet (they come with setSeeds() once the run is in the ledger), no failures.
    void reset(const RunPlan &plan);
    void setSeeds(const QJsonObject &seeds) { m_seeds = seeds; }
    // Whether `sandbox`, just acquired, has something to be seeded with.
    bool wants(const RunSandbox &sandbox) const;
    // Seeds `sandbox` (the run's `index`th); seeded() follows in any case.
    void seed(int index, const RunSandbox &sandbox);
    // From seed() to seeded(): its intent, its request or its upload under way.
    bool isBusy() const { return m_busy; }
    // Ends the request or the upload under way; seeded() then says so.
    void abort();
    int failures() const { return m_failures; }

signals:
    // `problem` is empty when the seed went in.
    void seeded(int index, const QString &problem);

private:
    void seedData(int index, const RunSandbox &sandbox);
    void seedWorkspace(int index, const RunSandbox &sandbox);
    void uploadSeed(int index, const QString &sandboxId, qint64 operationId);
    void finished(int index, const QString &sandboxId, qint64 operationId, const ApiError &error,
                  const std::optional<LedgerTransfer> &facts);

    HttpTransport *m_transport;
    KlavisLocalSandboxService *m_local;
    KlavisServerDataService *m_data;
    LedgerRecorder &m_recorder;
    RunPlan m_plan;
    QJsonObject m_seeds;
    QPointer<ApiCall> m_call;
    QPointer<TransferJob> m_job;
    int m_failures = 0;
    bool m_busy = false;
};
