// Universes over real HTTP: the list, initial data (in the shape each service's initialize accepts), pools
// of instances (acquire until 503, release, re-acquire), task details, and for EVERY task of every seeded
// universe: verify fails on a fresh instance, the task done through MCP tool calls at the instance's URLs
// (universe_solutions.json) then verifies as passed, and after release and re-acquire fails again.
// Instances are isolated from each other and from the plain sandboxes; hostile path parameters are 404s.

#include "emulator/emulatorserver.h"
#include "emulator/klavis/providerspec.h"
#include "emulator/klavis/universecatalog.h"
#include "emulator/klavis/universeverifier.h"
#include "emulatorprobe.h"
#include "mcptestcalls.h"
#include "testclient.h"

#include <QFile>
#include <QSet>
#include <QTest>
#include <QUrlQuery>

using namespace Qt::StringLiterals;
using namespace EmulatorTest;

namespace {

QJsonObject solutions()
{
    QFile file(QStringLiteral(UNIVERSE_SOLUTIONS_FILE));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

} // namespace

class TestEmulatorUniverses final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<Emulator::EmulatorServer> m_server;
    std::unique_ptr<TestClient> m_client;
    std::unique_ptr<McpTestCalls> m_mcp;

    struct Instance
    {
        QString id;
        QJsonObject servers;
    };

    Instance acquire(const QString &universeId)
    {
        const Answer answer = m_client->api("POST", u"/universes/"_s + universeId);
        QTest::qCompare(answer.status, 200, "status", "200", __FILE__, __LINE__);
        return Instance{answer.object()[u"instance_id"_s].toString(),
                        answer.object()[u"mcp_servers"_s].toObject()};
    }

    QJsonObject verify(const QString &instanceId, const QString &taskNum)
    {
        const Answer answer =
            m_client->api("POST", u"/universes/%1/tasks/%2/verify"_s.arg(instanceId, taskNum));
        QTest::qCompare(answer.status, 200, "status", "200", __FILE__, __LINE__);
        return answer.object();
    }

    void release(const QString &instanceId)
    {
        const Answer answer = m_client->api("POST", u"/universes/%1/release"_s.arg(instanceId));
        QTest::qCompare(answer.status, 200, "status", "200", __FILE__, __LINE__);
    }

private Q_SLOTS:
    void init()
    {
        m_server = std::make_unique<Emulator::EmulatorServer>();
        QVERIFY(m_server->listen());
        m_client = std::make_unique<TestClient>(m_server->apiBaseUrl());
        m_mcp = std::make_unique<McpTestCalls>(*m_client);
    }

    void cleanup()
    {
        m_mcp.reset();
        m_client.reset();
        m_server.reset();
    }

    void listShowsEveryUniverseWithItsTasks()
    {
        const Answer answer = m_client->api("GET", u"/universes"_s);
        QCOMPARE(answer.status, 200);
        const QJsonArray universes = answer.object()[u"universes"_s].toArray();
        QCOMPARE(universes.size(), Emulator::UniverseCatalog::instance().universes().size());
        QVERIFY(universes.size() >= 1);
        QSet<QString> domains;
        for (const auto &value : universes) {
            const QJsonObject universe = value.toObject();
            for (const QString &key : {u"universe_id"_s, u"name"_s, u"description"_s, u"domain"_s})
                QVERIFY2(!universe[key].toString().isEmpty(), qPrintable(key));
            QVERIFY(QDateTime::fromString(universe[u"created_at"_s].toString(), Qt::ISODateWithMs).isValid());
            const QJsonArray personas = universe[u"personas"_s].toArray();
            QVERIFY(personas.size() >= 3);
            for (const auto &persona : personas) {
                QVERIFY(persona.toObject().contains(u"name"_s));
                for (const auto &field : persona.toObject())
                    QVERIFY(field.isString()); // {string: string}, as the schema says
            }
            const QJsonArray taskNums = universe[u"task_nums"_s].toArray();
            QCOMPARE(taskNums.size(), 10);
            for (qsizetype i = 0; i < taskNums.size(); ++i)
                QCOMPARE(taskNums.at(i).toString(), QString::number(i + 1));
            domains.insert(universe[u"domain"_s].toString());
        }
        QCOMPARE(domains.size(), universes.size());
    }

    void initialDataIsEachServicesInitializeShape()
    {
        const Emulator::ProviderSpec &spec = Emulator::ProviderSpec::instance();
        for (const QString &universeId : Emulator::UniverseCatalog::instance().universeIds()) {
            const Answer answer = m_client->api("GET", u"/universes/%1/initial_data"_s.arg(universeId));
            QCOMPARE(answer.status, 200);
            const QJsonObject data = answer.object();
            QVERIFY2(data.size() >= 2 && data.size() <= 4, qPrintable(universeId));
            for (auto it = data.constBegin(); it != data.constEnd(); ++it) {
                const auto violations = spec.validator().validate(
                    it.value(), spec.dataSchema(Emulator::ProviderSpec::Scope::Sandbox, it.key()));
                QVERIFY2(violations.isEmpty(), qPrintable(universeId + u' ' + it.key()));
            }
        }
        QCOMPARE(m_client->api("GET", u"/universes/no-such-universe/initial_data"_s).status, 404);
    }

    void acquireTakesIdleInstancesUntilThePoolIsExhausted()
    {
        m_server->setInstancesPerUniverse(2);
        const QString universeId = Emulator::UniverseCatalog::instance().universeIds().first();
        const Instance first = acquire(universeId);
        const Instance second = acquire(universeId);
        QVERIFY(!first.id.isEmpty());
        QVERIFY(first.id != second.id);
        const QJsonObject initial =
            m_client->api("GET", u"/universes/%1/initial_data"_s.arg(universeId)).object();
        QCOMPARE(first.servers.keys(), initial.keys());
        for (auto it = first.servers.constBegin(); it != first.servers.constEnd(); ++it) {
            const QUrl url(it.value().toString());
            QCOMPARE(url.path(), u"/mcp/%1/"_s.arg(it.key()));
            QCOMPARE(QUrlQuery(url).queryItemValue(u"instance_id"_s), first.id);
            QCOMPARE(m_mcp->rpc(url, u"tools/list"_s).answer.status, 200);
        }
        const Answer exhausted = m_client->api("POST", u"/universes/"_s + universeId);
        QCOMPARE(exhausted.status, 503);
        QVERIFY(exhausted.detail().contains(universeId));
        // Another universe's pool is its own.
        const QStringList ids = Emulator::UniverseCatalog::instance().universeIds();
        if (ids.size() > 1)
            QVERIFY(!acquire(ids.at(1)).id.isEmpty());

        const Answer released = m_client->api("POST", u"/universes/%1/release"_s.arg(second.id));
        QCOMPARE(released.status, 200);
        QVERIFY(!released.object()[u"message"_s].toString().isEmpty());
        QVERIFY(QDateTime::fromString(released.object()[u"released_at"_s].toString(), Qt::ISODateWithMs)
                    .isValid());
        QCOMPARE(acquire(universeId).id, second.id);
        // A released instance's URLs answer 404, as an expired lease's do.
        release(first.id);
        const QUrl oldUrl(first.servers.constBegin().value().toString());
        QCOMPARE(m_mcp->rpc(oldUrl, u"tools/list"_s).answer.status, 404);
    }

    void taskDetails()
    {
        for (const QString &universeId : Emulator::UniverseCatalog::instance().universeIds()) {
            for (int n = 1; n <= 10; ++n) {
                const Answer answer =
                    m_client->api("GET", u"/universes/%1/tasks/%2"_s.arg(universeId).arg(n));
                QCOMPARE(answer.status, 200);
                const QJsonObject task = answer.object();
                QCOMPARE(task[u"task_num"_s].toString(), QString::number(n));
                QCOMPARE(task[u"universe_id"_s].toString(), universeId);
                for (const QString &key :
                     {u"title"_s, u"description"_s, u"prompt"_s, u"verification_rationale"_s})
                    QVERIFY2(!task[key].toString().isEmpty(), qPrintable(key));
                QVERIFY(QStringList({u"easy"_s, u"medium"_s, u"hard"_s})
                            .contains(task[u"difficulty"_s].toString()));
                QCOMPARE(task.size(), 7); // no verifier leaks into TaskDetails
            }
            QCOMPARE(m_client->api("GET", u"/universes/%1/tasks/11"_s.arg(universeId)).status, 404);
            QCOMPARE(m_client->api("GET", u"/universes/%1/tasks/0x1"_s.arg(universeId)).status, 404);
        }
        QCOMPARE(m_client->api("GET", u"/universes/no-such-universe/tasks/1"_s).status, 404);
    }

    void everyTaskFailsFreshPassesWhenDoneAndFailsAfterRelease_data()
    {
        QTest::addColumn<QString>("universeId");
        QTest::addColumn<QString>("taskNum");
        QTest::addColumn<QJsonArray>("calls");
        const QJsonObject table = solutions();
        QVERIFY(!table.isEmpty());
        for (const auto &value : Emulator::UniverseCatalog::instance().universes()) {
            const QJsonObject universe = value.toObject();
            const QString universeId = universe[u"universe_id"_s].toString();
            for (const QString &taskNum : Emulator::UniverseCatalog::taskNums(universe)) {
                QTest::addRow("%s/%s", qPrintable(universeId), qPrintable(taskNum))
                    << universeId << taskNum << table[universeId][taskNum].toArray();
            }
        }
    }

    void everyTaskFailsFreshPassesWhenDoneAndFailsAfterRelease()
    {
        QFETCH(QString, universeId);
        QFETCH(QString, taskNum);
        QFETCH(QJsonArray, calls);
        QVERIFY2(!calls.isEmpty(), "universe_solutions.json has no tool calls for this task");
        m_server->setInstancesPerUniverse(1);
        const Instance instance = acquire(universeId);

        const QJsonObject fresh = verify(instance.id, taskNum);
        QCOMPARE(fresh[u"task_num"_s].toString(), taskNum);
        QCOMPARE(fresh[u"passed"_s].toBool(true), false);
        QVERIFY(fresh[u"failure_reason"_s].toString().size() > 10);

        for (const auto &value : calls) {
            const QJsonObject call = value.toObject();
            const QString service = call[u"service"_s].toString();
            QVERIFY2(instance.servers.contains(service), qPrintable(service));
            const Rpc rpc = m_mcp->callTool(QUrl(instance.servers[service].toString()),
                                            call[u"tool"_s].toString(), call[u"arguments"_s].toObject());
            QCOMPARE(rpc.answer.status, 200);
            QVERIFY2(rpc.last().contains(u"result"_s), rpc.answer.body.constData());
            QVERIFY2(!rpc.result()[u"isError"_s].toBool(), qPrintable(rpc.text()));
        }
        const QJsonObject done = verify(instance.id, taskNum);
        QVERIFY2(done[u"passed"_s].toBool(), qPrintable(done[u"failure_reason"_s].toString()));
        QVERIFY(done[u"failure_reason"_s].isNull());

        release(instance.id);
        const Instance again = acquire(universeId);
        QCOMPARE(again.id, instance.id);
        const QJsonObject reset = verify(again.id, taskNum);
        QCOMPARE(reset[u"passed"_s].toBool(true), false);
        QCOMPARE(reset[u"failure_reason"_s].toString(), fresh[u"failure_reason"_s].toString());
    }

    void solutionsTableCoversExactlyTheSeededTasks()
    {
        const QJsonObject table = solutions();
        QStringList universes = table.keys();
        universes.removeAll(u"_comment"_s);
        QCOMPARE(universes, [] {
            QStringList ids = Emulator::UniverseCatalog::instance().universeIds();
            ids.sort();
            return ids;
        }());
        for (const QString &universeId : universes) {
            QStringList tasks = table[universeId].toObject().keys();
            QStringList seeded = Emulator::UniverseCatalog::taskNums(
                *Emulator::UniverseCatalog::instance().universe(universeId));
            tasks.sort();
            seeded.sort();
            QCOMPARE(tasks, seeded);
        }
    }

    void everyVerifierIsWellFormed()
    {
        const QStringList expectations = {u"exists"_s, u"absent"_s, u"count"_s, u"equals"_s};
        for (const auto &value : Emulator::UniverseCatalog::instance().universes()) {
            const QJsonObject universe = value.toObject();
            const QStringList services = Emulator::UniverseCatalog::services(universe);
            for (const auto &task : universe[u"tasks"_s].toArray()) {
                const QString where =
                    universe[u"universe_id"_s].toString() + u" task "_s + task[u"task_num"_s].toString();
                const QJsonArray checks = task[u"verifier"_s].toArray();
                QVERIFY2(!checks.isEmpty(), qPrintable(where));
                for (const auto &check : checks) {
                    QVERIFY2(services.contains(check[u"service"_s].toString()), qPrintable(where));
                    const QString expect = check[u"expect"_s].toString();
                    QVERIFY2(expectations.contains(expect), qPrintable(where));
                    QVERIFY2(!check[u"path"_s].toArray().isEmpty(), qPrintable(where));
                    if (expect == u"count")
                        QVERIFY2(check[u"count"_s].isDouble(), qPrintable(where));
                    if (expect == u"equals")
                        QVERIFY2(!check[u"value"_s].isUndefined(), qPrintable(where));
                    for (const auto &condition : check[u"match"_s].toObject()) {
                        if (condition.isObject())
                            QVERIFY2(condition.toObject().keys() == QStringList{u"contains"_s} ||
                                         condition.toObject().keys() == QStringList{u"includes"_s},
                                     qPrintable(where));
                    }
                }
            }
        }
    }

    void verifierSaysWhatIsMissing()
    {
        using Emulator::UniverseVerifier;
        const QJsonObject data{
            {u"channels"_s,
             QJsonArray{QJsonObject{
                 {u"name"_s, u"qa"_s},
                 {u"messages"_s,
                  QJsonArray{QJsonObject{{u"text"_s, u"Green"_s}, {u"tags"_s, QJsonArray{u"ci"_s}}}}}}}}};
        const auto check = [](const QString &channel, const QString &expect, const QJsonObject &match) {
            return QJsonObject{
                {u"service"_s, u"slack"_s},
                {u"path"_s, QJsonArray{u"channels"_s, QJsonObject{{u"name"_s, channel}}, u"messages"_s}},
                {u"expect"_s, expect},
                {u"match"_s, match},
                {u"count"_s, 1}};
        };
        const QJsonObject green{{u"text"_s, QJsonObject{{u"contains"_s, u"GREEN"_s}}}};
        QCOMPARE(UniverseVerifier::failure(check(u"qa"_s, u"exists"_s, green), data), QString());
        QCOMPARE(UniverseVerifier::failure(check(u"qa"_s, u"count"_s, green), data), QString());
        QCOMPARE(UniverseVerifier::failure(
                     check(u"qa"_s, u"exists"_s, {{u"tags"_s, QJsonObject{{u"includes"_s, u"ci"_s}}}}), data),
                 QString());
        QCOMPARE(UniverseVerifier::failure(check(u"qa"_s, u"absent"_s, green), data),
                 u"slack channels[name=qa].messages still has 1 item with text containing \"GREEN\"."_s);
        QCOMPARE(UniverseVerifier::failure(check(u"dev"_s, u"exists"_s, green), data),
                 u"slack channels[name=dev] does not exist."_s);
        QVERIFY(UniverseVerifier::failure(check(u"qa"_s, u"exists"_s, {{u"text"_s, u"green"_s}}), data)
                    .startsWith(u"No item of slack channels[name=qa].messages has text = \"green\""_s));
        QVERIFY(!UniverseVerifier::failure(check(u"qa"_s, u"sometimes"_s, green), data).isEmpty());
        const UniverseVerifier::Result none =
            UniverseVerifier::verify({}, [&](const QString &) { return data; });
        QVERIFY(!none.passed);
    }

    void instancesAreIsolated()
    {
        const QString universeId = Emulator::UniverseCatalog::instance().universeIds().first();
        const QJsonObject calls = solutions()[universeId].toObject();
        const Instance changed = acquire(universeId);
        const Instance untouched = acquire(universeId);
        for (const auto &value : calls[u"1"_s].toArray()) {
            const QJsonObject call = value.toObject();
            m_mcp->callTool(QUrl(changed.servers[call[u"service"_s].toString()].toString()),
                            call[u"tool"_s].toString(), call[u"arguments"_s].toObject());
        }
        QVERIFY(verify(changed.id, u"1"_s)[u"passed"_s].toBool());
        QCOMPARE(verify(untouched.id, u"1"_s)[u"passed"_s].toBool(true), false);
        const QString service = calls[u"1"_s].toArray().first()[u"service"_s].toString();
        const QJsonObject initial = m_client->api("GET", u"/universes/%1/initial_data"_s.arg(universeId))
                                        .object()[service]
                                        .toObject();
        QCOMPARE(EmulatorProbe(m_server).universeInstanceData(untouched.id, service), initial);
        QVERIFY(EmulatorProbe(m_server).universeInstanceData(changed.id, service) != initial);

        // A plain sandbox of the same server keeps its own data: the instance's change is not there.
        const Answer sandbox = m_client->api("POST", u"/sandbox/"_s + service, "{}");
        QCOMPARE(sandbox.status, 201);
        const QString sandboxId = sandbox.object()[u"sandbox_id"_s].toString();
        const Answer dump = m_client->api("GET", u"/sandbox/%1/%2/dump"_s.arg(service, sandboxId));
        QCOMPARE(dump.status, 200);
        QVERIFY(dump.object()[u"data"_s].toObject() !=
                EmulatorProbe(m_server).universeInstanceData(changed.id, service));
        // And an instance id is no sandbox id: the data paths do not reach it.
        QCOMPARE(m_client->api("GET", u"/sandbox/%1/%2/dump"_s.arg(service, changed.id)).status, 404);
    }

    void notFoundConflictAndValidation()
    {
        const QString universeId = Emulator::UniverseCatalog::instance().universeIds().first();
        const Answer unknown = m_client->api("POST", u"/universes/no-such-universe"_s);
        QCOMPARE(unknown.status, 404);
        QVERIFY(unknown.detail().contains(u"no-such-universe"_s));
        QCOMPARE(m_client->api("POST", u"/universes/no-such-instance/release"_s).status, 404);
        QCOMPARE(m_client->api("POST", u"/universes/no-such-instance/tasks/1/verify"_s).status, 404);

        // Hostile ids: too long, control characters, non-ASCII, traversal. 404 without echoing them.
        const QStringList hostile = {QString(300, u'a'), u"%0A%1B%5B31m"_s, u"%C3%A4%E2%80%AE"_s, u".."_s,
                                     u"a%2Fb"_s};
        for (const QString &id : hostile) {
            for (const auto &[method, path] :
                 QList<std::pair<QByteArray, QString>>{{"POST", u"/universes/%1"_s},
                                                       {"GET", u"/universes/%1/initial_data"_s},
                                                       {"POST", u"/universes/%1/release"_s},
                                                       {"GET", u"/universes/%1/tasks/1"_s},
                                                       {"POST", u"/universes/%1/tasks/1/verify"_s}}) {
                const Answer answer = m_client->api(method, path.arg(id));
                QCOMPARE(answer.status, 404);
                QVERIFY2(!answer.detail().isEmpty(), answer.body.constData());
                QVERIFY(answer.body.size() < 200);
            }
        }
        const Answer longTask =
            m_client->api("GET", u"/universes/%1/tasks/%2"_s.arg(universeId, QString(5000, u'9')));
        QCOMPARE(longTask.status, 404);
        QVERIFY(longTask.body.size() < 200);

        // An idle instance can be neither released nor verified: 409, saying so.
        m_server->setInstancesPerUniverse(1);
        const Instance instance = acquire(universeId);
        release(instance.id);
        const Answer again = m_client->api("POST", u"/universes/%1/release"_s.arg(instance.id));
        QCOMPARE(again.status, 409);
        QVERIFY(again.detail().contains(u"not acquired"_s));
        const Answer idleVerify = m_client->api("POST", u"/universes/%1/tasks/1/verify"_s.arg(instance.id));
        QCOMPARE(idleVerify.status, 409);
        QVERIFY(idleVerify.detail().contains(u"not acquired"_s));
        QCOMPARE(m_client->api("POST", u"/universes/%1/tasks/42/verify"_s.arg(instance.id)).status, 404);

        // Methods, the key, a trailing slash: as on every other route.
        const Answer wrongMethod = m_client->api("GET", u"/universes/"_s + universeId);
        QCOMPARE(wrongMethod.status, 405);
        QCOMPARE(wrongMethod.header("Allow"), QByteArray("POST"));
        QCOMPARE(m_client->api("DELETE", u"/universes"_s).status, 405);
        QCOMPARE(m_client->api("GET", u"/universes/"_s).status, 307);
        m_client->setApiKey({});
        QCOMPARE(m_client->api("GET", u"/universes"_s).status, 401);
    }

    void rateLimitAndFaultsApply()
    {
        m_server->setRateLimit({1, 2});
        int limited = 0;
        for (int i = 0; i < 4; ++i)
            limited += m_client->api("GET", u"/universes"_s).status == 429 ? 1 : 0;
        QVERIFY(limited >= 1);
        m_server->setRateLimit({});
        Emulator::FaultSettings faults;
        faults.failNextRequests = 1;
        faults.failStatus = 503;
        m_server->setFaults(faults);
        QCOMPARE(m_client->api("GET", u"/universes"_s).status, 503);
        QCOMPARE(m_client->api("GET", u"/universes"_s).status, 200);
    }
};

QTEST_GUILESS_MAIN(TestEmulatorUniverses)
#include "tst_emulatoruniverses.moc"
