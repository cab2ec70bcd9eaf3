// The emulator's Blaxel answers against tests/data/blaxel/sandbox.schema.json (derived from the notes and
// the seed): both list shapes, every seeded sandbox's details, create, delete and the error bodies. The
// validator is checked first, so that a schema it could not read would fail here rather than pass.

#include "blaxelclient.h"
#include "emulator/emulatorserver.h"
#include "emulatorprobe.h"
#include "jsonschemasubset.h"

#include <QFile>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace EmulatorTest;

class TestBlaxelSchema final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<JsonSchemaSubset> m_schema;
    std::unique_ptr<Emulator::EmulatorServer> m_server;
    std::unique_ptr<BlaxelClient> m_blaxel;

    void conforms(const QJsonValue &value, const QString &pointer = u"#"_s)
    {
        const QStringList problems = m_schema->validate(value, pointer);
        QTest::qVerify(problems.isEmpty(), "problems.isEmpty()", qPrintable(problems.join(u"; "_s)), __FILE__,
                       __LINE__);
    }

    static QJsonValue parsed(const Answer &answer)
    {
        const QJsonDocument document = QJsonDocument::fromJson(answer.body);
        return document.isArray() ? QJsonValue(document.array()) : QJsonValue(document.object());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QFile file(QStringLiteral(SANDBOXDECK_TEST_DATA_DIR) + u"/blaxel/sandbox.schema.json"_s);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QJsonParseError error{};
        const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        m_schema = std::make_unique<JsonSchemaSubset>(document.object());
    }

    void init()
    {
        m_server = std::make_unique<Emulator::EmulatorServer>();
        Emulator::BlaxelSettings settings = EmulatorProbe(m_server).blaxelSettings();
        settings.transitionMs = 200;
        settings.quotaPerWorkspace = 1;
        m_server->setBlaxelSettings(settings);
        QVERIFY(m_server->listen());
        m_blaxel = std::make_unique<BlaxelClient>(m_server->apiBaseUrl());
    }

    void cleanup()
    {
        m_blaxel.reset();
        m_server.reset();
    }

    void validatorRejects()
    {
        const QJsonObject good = m_blaxel->details(u"research-notebook"_s);
        QVERIFY(m_schema->validate(good).isEmpty());
        QJsonObject missing = good;
        QJsonObject metadata = missing[u"metadata"_s].toObject();
        metadata.remove(u"name"_s);
        missing[u"metadata"_s] = metadata;
        QCOMPARE(m_schema->validate(missing), QStringList{u"$.metadata: missing 'name'"_s});
        QJsonObject wrongType = good;
        wrongType[u"status"_s] = 3;
        QCOMPARE(m_schema->validate(wrongType).size(), 1);
        QJsonObject badState = good;
        badState[u"state"_s] = u"SLEEPING"_s;
        QCOMPARE(m_schema->validate(badState), QStringList{u"$.state: not one of the enum's values"_s});
        QJsonObject badPort = good;
        QJsonObject spec = badPort[u"spec"_s].toObject();
        QJsonObject runtime = spec[u"runtime"_s].toObject();
        runtime[u"ports"_s] = QJsonArray{QJsonObject{{u"target"_s, u"8080"_s}}};
        spec[u"runtime"_s] = runtime;
        badPort[u"spec"_s] = spec;
        QCOMPARE(m_schema->validate(badPort),
                 QStringList{u"$.spec.runtime.ports[0].target: expected [\"integer\"]"_s});
        QVERIFY(!m_schema->validate(QJsonArray{good}, u"#/$defs/listPage"_s).isEmpty());
        QVERIFY(!m_schema->validate(good, u"#/$defs/nothing"_s).isEmpty());
        const JsonSchemaSubset outside(QJsonObject{{u"type"_s, u"string"_s}, {u"minLength"_s, 2}});
        QVERIFY(!outside.validate(u"abc"_s).isEmpty());
    }

    void listsConform()
    {
        const Answer page = m_blaxel->control("GET", u"?showTerminated=true&limit=4"_s);
        QCOMPARE(page.status, 200);
        conforms(parsed(page), u"#/$defs/listPage"_s);
        QCOMPARE(page.object()[u"data"_s].toArray().size(), 4);
        BlaxelClient::Call bare;
        bare.versioned = false;
        const Answer all = m_blaxel->control("GET", u"?showTerminated=true"_s, {}, bare);
        conforms(parsed(all), u"#/$defs/bareList"_s);
        QCOMPARE(parsed(all).toArray().size(), 13);
        const Answer last = m_blaxel->control("GET", u"?status=FAILED"_s);
        conforms(parsed(last), u"#/$defs/listPage"_s); // nextCursor null
    }

    void detailsConform()
    {
        BlaxelClient::Call bare;
        bare.versioned = false;
        const QJsonArray all =
            parsed(m_blaxel->control("GET", u"?showTerminated=true"_s, {}, bare)).toArray();
        QCOMPARE(all.size(), 13);
        for (const auto &item : all) {
            const QString name = item[u"metadata"_s][u"name"_s].toString();
            const QJsonObject full = m_blaxel->details(name);
            conforms(full);
            QVERIFY2(full.contains(u"events"_s) && full.contains(u"errors"_s), qPrintable(name));
        }
    }

    void createAndDeleteConform()
    {
        BlaxelClient::Call call;
        call.workspace = u"schema-ws"_s;
        const QJsonObject spec{
            {u"lifecycle"_s,
             QJsonObject{{u"expirationPolicies"_s,
                          QJsonArray{QJsonObject{{u"type"_s, u"date"_s},
                                                 {u"value"_s, u"2030-01-01T00:00:00Z"_s}}}}}}};
        const Answer created =
            m_blaxel->control("POST", {}, BlaxelClient::createBody(u"checked"_s, spec), call);
        QCOMPARE(created.status, 200);
        conforms(parsed(created));
        const Answer quota = m_blaxel->control("POST", {}, BlaxelClient::createBody(u"second"_s), call);
        QCOMPARE(quota.status, 403);
        conforms(parsed(quota), u"#/$defs/quotaError"_s);
        const Answer conflict =
            m_blaxel->control("POST", {}, BlaxelClient::createBody(u"research-notebook"_s));
        QCOMPARE(conflict.status, 409);
        conforms(parsed(conflict), u"#/$defs/apiError"_s);
        const Answer deleted = m_blaxel->control("DELETE", u"/checked"_s, {}, call);
        QCOMPARE(deleted.status, 200);
        conforms(parsed(deleted));
        QTRY_COMPARE_WITH_TIMEOUT(m_blaxel->status(u"checked"_s, u"schema-ws"_s), u"TERMINATED"_s, 5000);
        conforms(m_blaxel->details(u"checked"_s, u"schema-ws"_s));

        BlaxelClient::Call noWorkspace;
        noWorkspace.workspace.clear();
        conforms(parsed(m_blaxel->control("GET", {}, {}, noWorkspace)), u"#/$defs/apiError"_s);
        conforms(parsed(m_blaxel->control("GET", u"/none"_s)), u"#/$defs/apiError"_s);
        BlaxelClient::Call noKey;
        noKey.key.clear();
        conforms(parsed(m_blaxel->control("GET", {}, {}, noKey)), u"#/$defs/apiError"_s);
        conforms(parsed(m_blaxel->control("GET", u"?limit=500"_s)), u"#/$defs/apiError"_s);
    }
};

QTEST_GUILESS_MAIN(TestBlaxelSchema)
#include "tst_blaxelschema.moc"
