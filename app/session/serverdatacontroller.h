#pragma once

#include "api/apierror.h"
#include "api/sandboxactionresult.h"
#include "api/serverdatadump.h"
#include "runs/ledgerrecorder.h"
#include "session/serverdataproblem.h"
#include "json/jsondifference.h"

#include <QHash>
#include <QJsonValue>
#include <QObject>
#include <QPointer>

#include <functional>

class ApiCall;
class AppSession;
class KlavisServerDataService;

// Between the Data tab and KlavisServerDataService: dump, initialize (the body checked against the server's
// schema before it is sent), and compare dumps. Files are read, parsed and diffed on a worker thread, so a
// 60 MB dump never blocks the window. One operation at a time; cancel() ends it. Each dump and initialize is
// written to the session's ledger (an intent before the request, its outcome and the body's sha256 after).
// The last dump of each sandbox is kept for the session.
class ServerDataController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ServerDataController)

public:
    // A saved dump larger than this is refused unread, like a dump reply.
    static constexpr qint64 maxFileBytes = qint64{64} * 1024 * 1024;

    explicit ServerDataController(AppSession *session, QObject *parent = nullptr);
    ~ServerDataController() override;

    // Whether the provider's API has initialize and dump for this server's (hosted) sandboxes.
    static bool hasDataEndpoints(const QString &serverName);

    bool isBusy() const { return m_busy; }
    QString activity() const { return m_activity; }

    void dump(const QString &serverName, const QString &sandboxId);
    // Checks `body` against the server's request schema and sends it only when it passes (refused()
    // otherwise).
    void initialize(const QString &serverName, const QString &sandboxId, const QJsonValue &body);
    void initializeFromFile(const QString &serverName, const QString &sandboxId, const QString &path);
    void initializeDefault(const QString &serverName, const QString &sandboxId);
    // The saved dump at `savedPath` (before) against a fresh dump of the sandbox (after).
    void compareWithNow(const QString &serverName, const QString &sandboxId, const QString &savedPath);
    void compareFiles(const QString &beforePath, const QString &afterPath);
    void compareValues(const QJsonValue &before, const QJsonValue &after, const QString &beforeLabel,
                       const QString &afterLabel);
    void cancel();

    bool hasLastDump(const QString &serverName, const QString &sandboxId) const;
    ServerDataDump lastDump(const QString &serverName, const QString &sandboxId) const;

    // The check before sending is on by default; off, the server's own check answers (a test of the 422).
    void setCheckBeforeSending(bool check) { m_checkBeforeSending = check; }

    // A whole dump reply ({sandbox_id, dumped_at, data}) is compared by its data: dumped_at always differs.
    static QJsonValue comparableData(const QJsonValue &document);

signals:
    void busyChanged(bool busy);
    void dumped(const QString &serverName, const QString &sandboxId, const ServerDataDump &dump);
    void initialized(const QString &serverName, const QString &sandboxId, const SandboxActionResult &result);
    // The body broke the schema: nothing was sent.
    void refused(const QString &serverName, const QString &sandboxId,
                 const QList<ServerDataProblem> &problems);
    // `problems` are the server's 422 per field, when it gave them.
    void failed(const QString &context, const ApiError &error, const QList<ServerDataProblem> &problems);
    void compared(const QList<JsonDifference> &differences, bool truncated, const QString &beforeLabel,
                  const QString &afterLabel);

private:
    struct Comparison
    {
        QList<JsonDifference> differences;
        bool truncated = false;
        QString error;
    };
    static QJsonValue readJsonFile(const QString &path, QString *error);
    static Comparison diff(const QJsonValue &before, const QJsonValue &after);

    void setBusy(bool busy, const QString &activity = {});
    // Ends the operation with `error`, said as a release when that is what the sandbox's status now shows.
    void fail(const QString &context, const QString &serverName, const QString &sandboxId,
              const ApiError &error, const QList<ServerDataProblem> &problems);
    // Dumps, keeps the dump as the sandbox's last and emits dumped(), then runs `then`; on an error emits
    // failed() and ends the operation.
    void fetchDump(const QString &serverName, const QString &sandboxId,
                   const std::function<void(const ServerDataDump &)> &then);
    // Reads and parses a JSON file on a worker thread; `then` gets the value, or a sentence on why not.
    void readOffThread(const QString &path,
                       const std::function<void(const QJsonValue &, const QString &)> &then);
    void sendInitialize(const QString &serverName, const QString &sandboxId, const QJsonValue &body);
    void afterInitialize(const QString &serverName, const QString &sandboxId, const ApiError &error,
                         const SandboxActionResult &result);
    // Runs `work` on a worker thread and `done` with its result here, unless cancelled meanwhile.
    template <typename T, typename Work, typename Done> void offThread(Work work, Done done);
    // Writes the intent to the session's ledger, then sends with its id, unless a cancel came meanwhile
    // (the intent is then closed as never sent).
    void sendRecorded(LedgerOperationKind kind, const QString &serverName, const QString &sandboxId,
                      const std::function<void(qint64 intent)> &send);
    static QString key(const QString &serverName, const QString &sandboxId);

    AppSession *m_session;
    KlavisServerDataService *m_service;
    LedgerRecorder m_recorder;
    QPointer<ApiCall> m_call;
    QHash<QString, ServerDataDump> m_lastDumps;
    bool m_busy = false;
    bool m_checkBeforeSending = true;
    QString m_activity;
    // Work finished after a cancel (or after a newer start) carries an older generation and is dropped.
    int m_generation = 0;
};
