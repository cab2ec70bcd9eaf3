#include "session/serverdatacontroller.h"

#include "api/apicall.h"
#include "api/klavissandboxservice.h"
#include "api/klavisserverdataservice.h"
#include "api/sandboxdetails.h"
#include "models/jsontreemodel.h"
#include "session/appsession.h"
#include "session/serverdataschema.h"
#include "json/jsondiff.h"

#include <QFile>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtConcurrent>

using namespace Qt::StringLiterals;

ServerDataController::ServerDataController(AppSession *session, QObject *parent)
    : QObject(parent), m_session(session), m_service(new KlavisServerDataService(session->transport(), this)),
      m_recorder(LedgerAccess(session->ledger()), this)
{}

ServerDataController::~ServerDataController()
{
    ++m_generation;
    if (m_call)
        m_call->abort();
}

bool ServerDataController::hasDataEndpoints(const QString &serverName)
{
    // The provider's file, not DataServers: that list also names servers whose data exists only in local
    // sandboxes (canvas, google_cloud, poste_email_toolathlon), which have no /sandbox/{server} paths.
    return ServerDataSchema::instance().hasRequestSchema(serverName);
}

QString ServerDataController::key(const QString &serverName, const QString &sandboxId)
{
    return serverName + u'/' + sandboxId;
}

bool ServerDataController::hasLastDump(const QString &serverName, const QString &sandboxId) const
{
    return m_lastDumps.contains(key(serverName, sandboxId));
}

ServerDataDump ServerDataController::lastDump(const QString &serverName, const QString &sandboxId) const
{
    return m_lastDumps.value(key(serverName, sandboxId));
}

void ServerDataController::setBusy(bool busy, const QString &activity)
{
    m_activity = busy ? activity : QString();
    if (m_busy == busy)
        return;
    m_busy = busy;
    emit busyChanged(busy);
}

void ServerDataController::cancel()
{
    ++m_generation;
    if (m_call) {
        m_call->abort(); // its handler reports the cancel
    } else if (m_busy) {
        emit failed(tr("Stopped"), ApiError::cancelled(), {});
        setBusy(false);
    }
}

template <typename T, typename Work, typename Done> void ServerDataController::offThread(Work work, Done done)
{
    const int generation = m_generation;
    auto *watcher = new QFutureWatcher<T>(this);
    connect(watcher, &QFutureWatcher<T>::finished, this, [this, watcher, generation, done] {
        watcher->deleteLater();
        if (generation == m_generation)
            done(watcher->result());
    });
    watcher->setFuture(QtConcurrent::run(std::move(work)));
}

QJsonValue ServerDataController::readJsonFile(const QString &path, QString *error)
{
    const QString name = QFileInfo(path).fileName();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = u"Could not open %1: %2"_s.arg(name, file.errorString());
        return QJsonValue(QJsonValue::Undefined);
    }
    if (file.size() > maxFileBytes) {
        *error = u"%1 is larger than %2 MiB."_s.arg(name).arg(maxFileBytes / (qint64{1024} * 1024));
        return QJsonValue(QJsonValue::Undefined);
    }
    QString parseError;
    QJsonValue value = JsonTreeModel::parse(file.read(maxFileBytes + 1), &parseError);
    if (value.isUndefined())
        *error = u"%1 is not JSON (%2)."_s.arg(name, parseError);
    return value;
}

QJsonValue ServerDataController::comparableData(const QJsonValue &document)
{
    const QJsonObject object = document.toObject();
    if (object.contains(u"data"_s) && object.contains(u"dumped_at"_s))
        return object.value(u"data"_s);
    return document;
}

ServerDataController::Comparison ServerDataController::diff(const QJsonValue &before, const QJsonValue &after)
{
    JsonDiff differ;
    Comparison comparison;
    comparison.differences = differ.compare(comparableData(before), comparableData(after));
    comparison.truncated = differ.isTruncated();
    return comparison;
}

void ServerDataController::dump(const QString &serverName, const QString &sandboxId)
{
    setBusy(true, tr("Dumping the %1 data…").arg(serverName));
    fetchDump(serverName, sandboxId, [this](const ServerDataDump &) { setBusy(false); });
}

void ServerDataController::sendRecorded(LedgerOperationKind kind, const QString &serverName,
                                        const QString &sandboxId, const std::function<void(qint64)> &send)
{
    const int generation = m_generation;
    m_recorder.setProfile(m_session->profileName());
    m_recorder.begin(kind, LedgerProvider::Klavis, {serverName}, sandboxId,
                     [this, generation, send](qint64 intent) {
                         if (generation != m_generation) {
                             m_recorder.finish(intent, LedgerOperationState::Failed,
                                               u"cancelled before the request was sent"_s);
                             return;
                         }
                         send(intent);
                     });
}

void ServerDataController::fetchDump(const QString &serverName, const QString &sandboxId,
                                     const std::function<void(const ServerDataDump &)> &then)
{
    sendRecorded(LedgerOperationKind::DataDump, serverName, sandboxId, [=, this](qint64 intent) {
        m_call = m_service->dump(
            serverName, sandboxId, this,
            [this, serverName, sandboxId, then, intent](const ApiResult<ServerDataDump> &result) {
                m_call = nullptr;
                if (result)
                    // The reply as it came, hashed on the ledger's thread: a dump can be
                    // tens of megabytes.
                    m_recorder.finishWithFacts(intent, sandboxId, [raw = result->raw] {
                        return LedgerRecorder::factsOf(QJsonDocument(raw).toJson(QJsonDocument::Compact));
                    });
                else
                    m_recorder.finish(intent, result.error(), sandboxId);
                if (!result) {
                    fail(tr("Could not dump the %1 data").arg(serverName), serverName, sandboxId,
                         result.error(), {});
                    return;
                }
                m_lastDumps.insert(key(serverName, sandboxId), result.value());
                emit dumped(serverName, sandboxId, result.value());
                then(result.value());
            });
    });
}

void ServerDataController::readOffThread(const QString &path,
                                         const std::function<void(const QJsonValue &, const QString &)> &then)
{
    setBusy(true, tr("Reading %1…").arg(QFileInfo(path).fileName()));
    struct Read
    {
        QJsonValue value;
        QString error;
    };
    offThread<Read>(
        [path] {
            Read read;
            read.value = readJsonFile(path, &read.error);
            return read;
        },
        [then](const Read &read) { then(read.value, read.error); });
}

void ServerDataController::initialize(const QString &serverName, const QString &sandboxId,
                                      const QJsonValue &body)
{
    if (!m_checkBeforeSending) {
        sendInitialize(serverName, sandboxId, body);
        return;
    }
    setBusy(true, tr("Checking the data against the %1 schema…").arg(serverName));
    // A seed file can be tens of megabytes: the check runs on a worker thread.
    offThread<QList<ServerDataProblem>>(
        [serverName, body] {
            return ServerDataProblem::fromViolations(ServerDataSchema::instance().check(serverName, body));
        },
        [this, serverName, sandboxId, body](const QList<ServerDataProblem> &problems) {
            if (problems.isEmpty()) {
                sendInitialize(serverName, sandboxId, body);
                return;
            }
            emit refused(serverName, sandboxId, problems);
            setBusy(false);
        });
}

void ServerDataController::initializeFromFile(const QString &serverName, const QString &sandboxId,
                                              const QString &path)
{
    readOffThread(path, [this, serverName, sandboxId](const QJsonValue &value, const QString &error) {
        if (!error.isEmpty()) {
            emit failed(tr("Could not initialize the %1 data").arg(serverName), ApiError::local(error), {});
            setBusy(false);
            return;
        }
        initialize(serverName, sandboxId, value);
    });
}

void ServerDataController::initializeDefault(const QString &serverName, const QString &sandboxId)
{
    setBusy(true, tr("Initializing the %1 data…").arg(serverName));
    sendRecorded(LedgerOperationKind::DataInit, serverName, sandboxId,
                 [this, serverName, sandboxId](qint64 intent) {
                     m_call = m_service->initializeDefault(
                         serverName, sandboxId, this,
                         [this, serverName, sandboxId, intent](const ApiResult<SandboxActionResult> &result) {
                             m_recorder.finish(intent, result.error(), sandboxId);
                             afterInitialize(serverName, sandboxId, result.error(),
                                             result ? result.value() : SandboxActionResult{});
                         });
                 });
}

void ServerDataController::sendInitialize(const QString &serverName, const QString &sandboxId,
                                          const QJsonValue &body)
{
    setBusy(true, tr("Initializing the %1 data…").arg(serverName));
    sendRecorded(LedgerOperationKind::DataInit, serverName, sandboxId, [=, this](qint64 intent) {
        m_call = m_service->initialize(
            serverName, sandboxId, body, this,
            [this, serverName, sandboxId, body, intent](const ApiResult<SandboxActionResult> &result) {
                if (result)
                    // What was sent, hashed on the ledger's thread: a seed can be tens of megabytes.
                    m_recorder.finishWithFacts(intent, sandboxId, [body] {
                        return LedgerRecorder::factsOf(
                            body.isArray() ? QJsonDocument(body.toArray()).toJson(QJsonDocument::Compact)
                                           : QJsonDocument(body.toObject()).toJson(QJsonDocument::Compact));
                    });
                else
                    m_recorder.finish(intent, result.error(), sandboxId);
                afterInitialize(serverName, sandboxId, result.error(),
                                result ? result.value() : SandboxActionResult{});
            });
    });
}

void ServerDataController::afterInitialize(const QString &serverName, const QString &sandboxId,
                                           const ApiError &error, const SandboxActionResult &result)
{
    m_call = nullptr;
    if (error.isError()) {
        fail(tr("Could not initialize the %1 data").arg(serverName), serverName, sandboxId, error,
             ServerDataProblem::fromError(error));
        return;
    }
    emit initialized(serverName, sandboxId, result);
    // What was seeded is what the user wants to see next.
    dump(serverName, sandboxId);
}

void ServerDataController::fail(const QString &context, const QString &serverName, const QString &sandboxId,
                                const ApiError &error, const QList<ServerDataProblem> &problems)
{
    // A refusal of a sandbox the list still shows as occupied: most often it was released (by another
    // window, the CLI, its TTL) after the list was read, which the server's words ("malformed", "not
    // found") do not say. Its status now tells.
    const int status = error.httpStatus();
    if (error.kind() != ApiError::Kind::Http || (status != 400 && status != 404 && status != 409)) {
        emit failed(context, error, problems);
        setBusy(false);
        return;
    }
    const int generation = m_generation;
    m_call = m_session->sandboxes()->details(
        serverName, sandboxId, this,
        [this, generation, context, serverName, sandboxId, error,
         problems](const ApiResult<SandboxDetails> &details) {
            m_call = nullptr;
            if (generation != m_generation)
                return; // cancelled meanwhile: nothing more is said
            const bool gone = !details && details.error().httpStatus() == 404;
            const QString now = details ? details->summary.status : QString();
            if (gone || (details && !details->summary.isOccupied())) {
                const QString why =
                    gone ? tr("The %1 sandbox %2 no longer exists: it was released after the list was read.")
                               .arg(serverName, sandboxId)
                         : tr("The %1 sandbox %2 is %3 now, not occupied: it was released after the list was "
                              "read, so it has no data to work on. Refresh the list (F5).")
                               .arg(serverName, sandboxId, now);
                emit failed(context, ApiError::local(why), {});
            } else {
                emit failed(context, error, problems);
            }
            setBusy(false);
        });
}

void ServerDataController::compareValues(const QJsonValue &before, const QJsonValue &after,
                                         const QString &beforeLabel, const QString &afterLabel)
{
    setBusy(true, tr("Comparing…"));
    offThread<Comparison>([before, after] { return diff(before, after); },
                          [this, beforeLabel, afterLabel](const Comparison &comparison) {
                              emit compared(comparison.differences, comparison.truncated, beforeLabel,
                                            afterLabel);
                              setBusy(false);
                          });
}

void ServerDataController::compareFiles(const QString &beforePath, const QString &afterPath)
{
    setBusy(true, tr("Comparing…"));
    offThread<Comparison>(
        [beforePath, afterPath] {
            Comparison comparison;
            const QJsonValue before = readJsonFile(beforePath, &comparison.error);
            if (!comparison.error.isEmpty())
                return comparison;
            const QJsonValue after = readJsonFile(afterPath, &comparison.error);
            if (!comparison.error.isEmpty())
                return comparison;
            return diff(before, after);
        },
        [this, beforePath, afterPath](const Comparison &comparison) {
            if (!comparison.error.isEmpty())
                emit failed(tr("Could not compare the dumps"), ApiError::local(comparison.error), {});
            else
                emit compared(comparison.differences, comparison.truncated, QFileInfo(beforePath).fileName(),
                              QFileInfo(afterPath).fileName());
            setBusy(false);
        });
}

void ServerDataController::compareWithNow(const QString &serverName, const QString &sandboxId,
                                          const QString &savedPath)
{
    readOffThread(savedPath, [this, serverName, sandboxId, savedPath](const QJsonValue &before,
                                                                      const QString &error) {
        if (!error.isEmpty()) {
            emit failed(tr("Could not compare the dumps"), ApiError::local(error), {});
            setBusy(false);
            return;
        }
        setBusy(true, tr("Dumping the %1 data…").arg(serverName));
        const QString beforeLabel = QFileInfo(savedPath).fileName();
        fetchDump(serverName, sandboxId, [this, sandboxId, before, beforeLabel](const ServerDataDump &now) {
            compareValues(before, now.data, beforeLabel, tr("%1 now").arg(sandboxId));
        });
    });
}
