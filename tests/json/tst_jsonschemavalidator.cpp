#include "json/jsonschemavalidator.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using Kind = JsonSchemaViolation::Kind;

namespace {

QJsonObject parse(const QByteArray &text)
{
    QJsonParseError error{};
    const QJsonObject object = QJsonDocument::fromJson(text, &error).object();
    if (error.error != QJsonParseError::NoError)
        qFatal("bad test JSON: %s", qPrintable(error.errorString()));
    return object;
}

QJsonValue value(const QByteArray &text)
{
    return QJsonDocument::fromJson("[" + text + "]").array().at(0);
}

QStringList described(const QList<JsonSchemaViolation> &violations)
{
    QStringList lines;
    for (const JsonSchemaViolation &violation : violations)
        lines.append(violation.describe());
    return lines;
}

} // namespace

class TestJsonSchemaValidator : public QObject
{
    Q_OBJECT

private:
    QJsonObject m_openApi;

    QJsonObject requestSchema(const QJsonObject &operation) const
    {
        return operation.value(u"requestBody"_s)
            .toObject()
            .value(u"content"_s)
            .toObject()
            .value(u"application/json"_s)
            .toObject()
            .value(u"schema"_s)
            .toObject();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QFile file(QStringLiteral(SANDBOXDECK_OPENAPI_FILE));
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
        m_openApi = QJsonDocument::fromJson(file.readAll()).object();
        QVERIFY(m_openApi.value(u"paths"_s).toObject().size() > 80);
    }

    void typesIntegerNumberAndLists()
    {
        const JsonSchemaValidator validator;
        const QJsonObject integer{{u"type"_s, u"integer"_s}};
        QVERIFY(validator.isValid(3, integer));
        QVERIFY(validator.isValid(3.0, integer));
        const auto fractional = validator.validate(3.5, integer);
        QCOMPARE(fractional.size(), 1);
        QCOMPARE(fractional.first().kind, Kind::Type);
        QCOMPARE(fractional.first().expected, u"integer"_s);
        QVERIFY(validator.isValid(3, QJsonObject{{u"type"_s, u"number"_s}}));
        QVERIFY(!validator.isValid(u"3"_s, QJsonObject{{u"type"_s, u"number"_s}}));
        const QJsonObject either = parse("{\"type\": [\"string\", \"null\"]}");
        QVERIFY(validator.isValid(QJsonValue::Null, either));
        QVERIFY(validator.isValid(u"x"_s, either));
        QCOMPARE(validator.validate(true, either).first().expected, u"string|null"_s);
        const QJsonObject nullable = parse("{\"type\": \"boolean\", \"nullable\": true}");
        QVERIFY(validator.isValid(QJsonValue::Null, nullable));
        QVERIFY(!validator.isValid(0, nullable));
    }

    void objectsReportEveryViolation()
    {
        const JsonSchemaValidator validator;
        const QJsonObject schema =
            parse("{\"type\": \"object\", \"additionalProperties\": false, \"properties\": {\"name\": "
                  "{\"type\": \"string\", \"minLength\": 2, \"maxLength\": 4}, \"count\": {\"type\": "
                  "\"integer\", \"minimum\": 1, \"maximum\": 10}, \"tags\": {\"type\": \"array\", \"items\": "
                  "{\"type\": \"string\"}, \"minItems\": 1}}, \"required\": [\"name\", \"count\"]}");
        const QJsonValue input = value("{\"name\": \"abcdef\", \"tags\": [\"a\", 2], \"colour\": \"red\"}");
        const QStringList lines = described(validator.validate(input, schema));
        QCOMPARE(lines, (QStringList{u"count: missing (expected integer)"_s, u"colour: extra"_s,
                                     u"name: too_long (expected 4)"_s, u"tags.1: type (expected string)"_s}));
        const auto limits =
            validator.validate(value("{\"name\": \"a\", \"count\": 11, \"tags\": []}"), schema);
        QCOMPARE(described(limits),
                 (QStringList{u"count: greater_than (expected <= 10)"_s, u"name: too_short (expected 2)"_s,
                              u"tags: too_short (expected 1)"_s}));
        QCOMPARE(limits.at(0).input, QJsonValue(11));
        QCOMPARE(limits.at(0).loc, (QJsonArray{u"count"_s}));
        // additionalProperties as a schema checks the extra values.
        const QJsonObject map =
            parse("{\"type\": \"object\", \"additionalProperties\": {\"type\": \"string\"}}");
        QCOMPARE(described(validator.validate(value("{\"a\": \"x\", \"b\": 1}"), map)),
                 QStringList{u"b: type (expected string)"_s});
    }

    void enumConstAndExclusiveLimits()
    {
        const JsonSchemaValidator validator;
        const QJsonObject status = parse("{\"type\": \"string\", \"enum\": [\"open\", \"closed\"]}");
        QVERIFY(validator.isValid(u"open"_s, status));
        const auto wrong = validator.validate(u"done"_s, status);
        QCOMPARE(wrong.first().kind, Kind::Enum);
        QCOMPARE(wrong.first().expected, u"[\"open\",\"closed\"]"_s);
        QCOMPARE(validator.validate(u"some"_s, parse("{\"const\": \"ALL\"}")).first().kind, Kind::Const);
        const QJsonObject positive = parse("{\"type\": \"number\", \"exclusiveMinimum\": 0.0}");
        QCOMPARE(validator.validate(0, positive).first().expected, u"> 0"_s);
        QVERIFY(validator.isValid(0.5, positive));
        const QJsonObject draft4 =
            parse("{\"type\": \"number\", \"maximum\": 5, \"exclusiveMaximum\": true}");
        QCOMPARE(validator.validate(5, draft4).first().kind, Kind::GreaterThan);
        const QJsonObject time = parse("{\"type\": \"string\", \"pattern\": \"^\\\\d{2}:\\\\d{2}$\"}");
        QVERIFY(validator.isValid(u"09:30"_s, time));
        QCOMPARE(validator.validate(u"9:30"_s, time).first().kind, Kind::Pattern);
    }

    void branches()
    {
        const JsonSchemaValidator validator;
        // Optional[int]: the int's own error, not "no branch matched".
        const QJsonObject optional = parse("{\"anyOf\": [{\"type\": \"integer\"}, {\"type\": \"null\"}]}");
        QVERIFY(validator.isValid(QJsonValue::Null, optional));
        QCOMPARE(validator.validate(u"x"_s, optional).first().kind, Kind::Type);
        const QJsonObject union_ = parse("{\"anyOf\": [{\"type\": \"integer\"}, {\"type\": \"boolean\"}]}");
        QCOMPARE(validator.validate(u"x"_s, union_).first().kind, Kind::AnyOfFailed);
        QCOMPARE(validator.validate(u"x"_s, union_).first().expected, u"integer, boolean"_s);
        // Of two branches only the array one fits an array: its errors are the useful ones.
        const QJsonObject listOrText = parse("{\"anyOf\": [{\"type\": \"string\"}, {\"type\": \"array\", "
                                             "\"items\": {\"type\": \"integer\"}}]}");
        QCOMPARE(described(validator.validate(value("[1, \"a\"]"), listOrText)),
                 QStringList{u"1: type (expected integer)"_s});
        const QJsonObject one = parse("{\"oneOf\": [{\"type\": \"number\"}, {\"type\": \"integer\"}]}");
        QCOMPARE(validator.validate(3, one).first().kind, Kind::OneOfFailed); // both match
        QVERIFY(validator.isValid(3.5, one));
        const QJsonObject all = parse("{\"allOf\": [{\"minimum\": 1}, {\"maximum\": 3}]}");
        QVERIFY(validator.isValid(2, all));
        QCOMPARE(validator.validate(4, all).first().kind, Kind::GreaterThan);
    }

    void referencesAndCycles()
    {
        const QJsonObject document =
            parse("{\"$defs\": { \"node\": {\"type\": \"object\", \"properties\": {\"value\": {\"type\": "
                  "\"integer\"}, \"children\": {\"type\": \"array\", \"items\": {\"$ref\": "
                  "\"#/$defs/node\"}}}, \"required\": [\"value\"]}, \"a\": {\"$ref\": \"#/$defs/b\"}, \"b\": "
                  "{\"$ref\": \"#/$defs/a\"}}}");
        const JsonSchemaValidator validator(document);
        const QJsonObject tree{{u"$ref"_s, u"#/$defs/node"_s}};
        const QJsonValue input = value("{\"value\": 1, \"children\": [{\"value\": 2}, {\"children\": []}]}");
        QCOMPARE(described(validator.validate(input, tree)),
                 QStringList{u"children.1.value: missing (expected integer)"_s});
        // A reference cycle ends, reported, instead of recursing forever.
        const auto cycle = validator.validate(1, QJsonObject{{u"$ref"_s, u"#/$defs/a"_s}});
        QCOMPARE(cycle.size(), 1);
        QCOMPARE(cycle.first().kind, Kind::RefUnresolved);
        QCOMPARE(validator.validate(1, QJsonObject{{u"$ref"_s, u"#/$defs/none"_s}}).first().kind,
                 Kind::RefUnresolved);
        QVERIFY(validator.resolved(QJsonObject{{u"$ref"_s, u"#/$defs/a"_s}}).isEmpty());
        // Data nested deeper than the limit stops too.
        QJsonValue deep = 1;
        for (int i = 0; i < 200; ++i)
            deep = QJsonObject{{u"value"_s, 1}, {u"children"_s, QJsonArray{deep}}};
        QVERIFY(!validator.validate(deep, tree).isEmpty());
    }

    // anyOf inside anyOf doubles the work per level: a hostile tool schema must not hang the client.
    void exponentialSchemaEnds()
    {
        const QJsonObject document = parse("{\"$defs\": {\"a\": {\"anyOf\": [{\"$ref\": \"#/$defs/a\"}, "
                                           "{\"$ref\": \"#/$defs/a\"}, {\"type\": \"string\"}]}}}");
        const JsonSchemaValidator validator(document);
        QElapsedTimer timer;
        timer.start();
        const auto violations = validator.validate(1, QJsonObject{{u"$ref"_s, u"#/$defs/a"_s}});
        QVERIFY2(timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));
        QVERIFY(!violations.isEmpty());
        QCOMPARE(violations.last().expected, u"schema too complex"_s);
        // A value one branch accepts early is still found valid.
        QVERIFY(validator.isValid(u"x"_s, QJsonObject{{u"$ref"_s, u"#/$defs/a"_s}}));
    }

    // Every per-server initialize path's own default example passes that path's body schema.
    void realDefaultExamplesValidate()
    {
        const JsonSchemaValidator validator(m_openApi);
        const QJsonObject paths = m_openApi.value(u"paths"_s).toObject();
        int checked = 0;
        for (auto it = paths.constBegin(); it != paths.constEnd(); ++it) {
            if (!it.key().endsWith(u"/initialize"_s) || it.key().contains(u"{server_name}"_s))
                continue;
            const QJsonObject operation = it.value().toObject().value(u"post"_s).toObject();
            const QJsonObject content =
                operation.value(u"requestBody"_s).toObject().value(u"content"_s).toObject();
            const QJsonValue example = content.value(u"application/json"_s)
                                           .toObject()
                                           .value(u"examples"_s)
                                           .toObject()
                                           .value(u"default"_s)
                                           .toObject()
                                           .value(u"value"_s);
            if (example.isUndefined())
                continue;
            const auto violations = validator.validate(example, requestSchema(operation));
            QVERIFY2(violations.isEmpty(),
                     qPrintable(it.key() + u": "_s + described(violations).join(u"; "_s)));
            ++checked;
        }
        QVERIFY2(checked >= 35, qPrintable(QString::number(checked)));
    }

    void realSchemaFindsBrokenGithubData()
    {
        const JsonSchemaValidator validator(m_openApi);
        const QJsonObject operation = m_openApi.value(u"paths"_s)
                                          .toObject()
                                          .value(u"/sandbox/github/{sandbox_id}/initialize"_s)
                                          .toObject()
                                          .value(u"post"_s)
                                          .toObject();
        const QJsonValue input = value("{\"repos\": [{\"description\": 5, \"issues\": [{\"issue_title\": "
                                       "\"t\", \"id\": 1.5}, {\"labels\": \"bug\"}]}, \"x\"]}");
        const QStringList lines = described(validator.validate(input, requestSchema(operation)));
        QCOMPARE(lines, (QStringList{u"repos.0.name: missing (expected string)"_s,
                                     u"repos.0.description: type (expected string)"_s,
                                     u"repos.0.issues.0.id: type (expected integer)"_s,
                                     u"repos.0.issues.1.issue_title: missing (expected string)"_s,
                                     u"repos.0.issues.1.labels: type (expected array)"_s,
                                     u"repos.1: type (expected object)"_s}));
        // The dump answer's schema: a real shape passes, a wrong server_name is an enum error.
        const QJsonObject dump =
            validator.resolveReference(u"#/components/schemas/DumpSandboxResponse_GitHubData_"_s);
        const QJsonObject answer =
            parse("{\"sandbox_id\": \"s\", \"server_name\": \"github\", \"dumped_at\": "
                  "\"2026-01-01T00:00:00Z\", \"data\": {\"repos\": []}}");
        QVERIFY(validator.isValid(answer, dump));
        QJsonObject wrong = answer;
        wrong.insert(u"server_name"_s, u"gitlab"_s);
        const auto violations = validator.validate(wrong, dump);
        QCOMPARE(violations.size(), 1);
        QCOMPARE(violations.first().kind, Kind::Enum);
        QCOMPARE(violations.first().loc, QJsonArray{u"server_name"_s});
    }
};

QTEST_GUILESS_MAIN(TestJsonSchemaValidator)
#include "tst_jsonschemavalidator.moc"
