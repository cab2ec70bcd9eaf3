// Part of tst_mcpwidgets (one executable, see tst_mcpwidgets.cpp). SchemaForm over real tools' input schemas
// (tests/data/mcp/README.md): required fields, numbers, enums, arrays, booleans, nullable refs, whole JSON.

#include "../mcp/awkwardmcpserver.h"
#include "common/errorcolour.h"
#include "common/jsontextedit.h"
#include "common/jsontreeview.h"
#include "inspector/inspectpage.h"
#include "inspector/schemafield.h"
#include "inspector/schemaform.h"
#include "inspector/schemalisteditor.h"
#include "inspector/toolresultview.h"
#include "mcp/mcpclient.h"
#include "mcp/mcpresultdecoder.h"
#include "mcpwidgetstest.h"
#include "models/jsontreemodel.h"
#include "models/mcpexchangelogmodel.h"
#include "models/mcptoollistmodel.h"
#include "preferences/themeapplier.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QBuffer>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialog>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QNetworkAccessManager>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStyleFactory>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>

using namespace Qt::StringLiterals;
using namespace McpWidgetsTest;

class TestSchemaForm final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(QDir().mkpath(screenshotDir())); }
    void cleanup() { ThemeApplier::apply(ThemeSetting::Theme::Light); }

    void createIssueMarksRequiredAndSendsOnlyWhatIsFilled()
    {
        SchemaForm form;
        form.setSchema(inputSchemaOf(u"github/create_issue.json"_s));
        QCOMPARE(form.fields().size(), 4);
        // Required first, marked and bold; the description is the tooltip and the placeholder.
        QCOMPARE(form.fields().first()->spec().name, u"owner"_s);
        QCOMPARE(form.fields().last()->spec().name, u"body"_s);
        QCOMPARE(form.labelOf(u"title"_s)->text(), u"title *"_s);
        QVERIFY(form.labelOf(u"title"_s)->font().bold());
        QCOMPARE(form.labelOf(u"body"_s)->text(), u"body"_s);
        QCOMPARE(lineOf(form, u"repo"_s)->placeholderText(), u"Repository name"_s);
        QCOMPARE(form.field(u"repo"_s)->editor()->toolTip(), u"Repository name"_s);

        const QMap<QString, QString> empty = form.problems();
        QCOMPARE(empty.keys(), (QStringList{u"owner"_s, u"repo"_s, u"title"_s}));
        QCOMPARE(empty.value(u"owner"_s), u"required"_s);
        QVERIFY(!form.isValid());
        QVERIFY(form.arguments().isEmpty());
        // Problems show beside a field once it was touched, or all at once when asked.
        QVERIFY(!form.field(u"owner"_s)->problemLabel()->isVisibleTo(&form));
        form.revealProblems();
        QVERIFY(form.field(u"owner"_s)->problemLabel()->isVisibleTo(&form));
        QCOMPARE(form.field(u"owner"_s)->problemLabel()->text(), u"required"_s);

        typeInto(form, u"owner"_s, u"octo"_s);
        typeInto(form, u"repo"_s, u"demo"_s);
        typeInto(form, u"title"_s, u"Crash on start"_s);
        QVERIFY(!form.field(u"owner"_s)->problemLabel()->isVisibleTo(&form));
        QVERIFY(form.isValid());
        QCOMPARE(form.arguments(),
                 (QJsonObject{
                     {u"owner"_s, u"octo"_s}, {u"repo"_s, u"demo"_s}, {u"title"_s, u"Crash on start"_s}}));
        typeInto(form, u"body"_s, u"Steps: 1, 2"_s);
        QCOMPARE(form.arguments().value(u"body"_s).toString(), u"Steps: 1, 2"_s);
    }

    void numbersAreCheckedAndEnumsOffered()
    {
        SchemaForm form;
        form.setSchema(inputSchemaOf(u"github/create_pull_request_review.json"_s));
        typeInto(form, u"owner"_s, u"o"_s);
        typeInto(form, u"repo"_s, u"r"_s);
        typeInto(form, u"pullNumber"_s, u"0"_s);
        QCOMPARE(form.problems().value(u"pullNumber"_s), u"must be at least 1"_s);
        QCOMPARE(form.field(u"pullNumber"_s)->problemLabel()->text(), u"must be at least 1"_s);
        typeInto(form, u"pullNumber"_s, u"twelve"_s);
        QCOMPARE(form.problems().value(u"pullNumber"_s), u"not a number"_s);
        QVERIFY(!form.arguments().contains(u"pullNumber"_s)); // never an invalid value
        typeInto(form, u"pullNumber"_s, u"12"_s);
        QVERIFY(form.isValid());
        QCOMPARE(form.arguments().value(u"pullNumber"_s).toDouble(), 12.0);
        // No arbitrary limit: a number bigger than any spin box's.
        typeInto(form, u"pullNumber"_s, u"9007199254740991"_s);
        QCOMPARE(form.arguments().value(u"pullNumber"_s).toDouble(), 9007199254740991.0);

        auto *event = qobject_cast<QComboBox *>(form.field(u"event"_s)->editor());
        QVERIFY(event);
        QCOMPARE(event->count(), 4); // (not set) and the three values
        QCOMPARE(event->itemText(2), u"REQUEST_CHANGES"_s);
        QVERIFY(!form.arguments().contains(u"event"_s));
        event->setCurrentIndex(1);
        emit event->activated(1);
        QCOMPARE(form.arguments().value(u"event"_s).toString(), u"APPROVE"_s);
    }

    void arraysGetListsChoicesOrJson()
    {
        SchemaForm form;
        form.setSchema(inputSchemaOf(u"github/list_issues.json"_s));
        typeInto(form, u"owner"_s, u"o"_s);
        typeInto(form, u"repo"_s, u"r"_s);
        QVERIFY(form.isValid());
        QCOMPARE(form.arguments().keys(), (QStringList{u"owner"_s, u"repo"_s}));

        // An array of strings: a list editor, one line per item, blank lines left out.
        auto *labels = qobject_cast<SchemaListEditor *>(form.field(u"labels"_s)->editor());
        QVERIFY(labels);
        labels->findChild<QPushButton *>(u"schemaAddItem"_s)->click();
        QTest::keyClicks(labels->rowEdit(0), u"bug"_s);
        labels->addRow(u"p1"_s);
        labels->addRow();
        QCOMPARE(form.arguments().value(u"labels"_s).toArray(), (QJsonArray{u"bug"_s, u"p1"_s}));

        // An array of an enum: the choices to tick, in the schema's order.
        auto *fields = qobject_cast<SchemaListEditor *>(form.field(u"fields"_s)->editor());
        QVERIFY(fields && fields->choices());
        QCOMPARE(fields->choices()->count(), 11);
        fields->choices()->item(1)->setCheckState(Qt::Checked);
        fields->choices()->item(0)->setCheckState(Qt::Checked);
        QCOMPARE(form.arguments().value(u"fields"_s).toArray(), (QJsonArray{u"number"_s, u"title"_s}));

        // An array of objects: JSON, checked as typed, with where it stops being JSON.
        auto *filters = qobject_cast<JsonTextEdit *>(form.field(u"field_filters"_s)->editor());
        QVERIFY(filters);
        filters->setFocus();
        QTest::keyClicks(filters, u"[{\"field_name\": \"Priority\" \"value\": \"P1\"}]"_s);
        const QString problem = form.problems().value(u"field_filters"_s);
        QVERIFY2(problem.startsWith(u"line 1, column 29: "_s), qPrintable(problem));
        QCOMPARE(form.field(u"field_filters"_s)->problemLabel()->text(), problem);
        QVERIFY(!form.arguments().contains(u"field_filters"_s));
        filters->setPlainText(u"{\"field_name\": \"Priority\"}"_s);
        QCOMPARE(form.problems().value(u"field_filters"_s), u"must be a JSON array [ … ]"_s);
        filters->setPlainText(u"[{\"field_name\": \"Priority\", \"value\": \"P1\"}]"_s);
        QVERIFY(form.isValid());
        QCOMPARE(form.arguments().value(u"field_filters"_s).toArray().at(0).toObject().value(u"value"_s),
                 QJsonValue(u"P1"_s));

        typeInto(form, u"perPage"_s, u"101"_s);
        QCOMPARE(form.problems().value(u"perPage"_s), u"must be at most 100"_s);
    }

    void booleansDefaultsAndRestoring()
    {
        SchemaForm form;
        form.setSchema(inputSchemaOf(u"github/create_pull_request.json"_s));
        auto *draft = qobject_cast<QCheckBox *>(form.field(u"draft"_s)->editor());
        QVERIFY(draft);
        // Optional without a default: not sent until the user says yes or no.
        QCOMPARE(draft->checkState(), Qt::PartiallyChecked);
        QVERIFY(!form.arguments().contains(u"draft"_s));
        draft->click();
        QCOMPARE(form.arguments().value(u"draft"_s), QJsonValue(true));

        // A default is filled in and sent.
        SchemaForm history;
        history.setSchema(inputSchemaOf(u"slack/slack_get_channel_history.json"_s));
        QCOMPARE(lineOf(history, u"limit"_s)->text(), u"10"_s);
        typeInto(history, u"channel_id"_s, u"C024BE91L"_s);
        QCOMPARE(history.arguments(), (QJsonObject{{u"channel_id"_s, u"C024BE91L"_s}, {u"limit"_s, 10}}));

        // Arguments remembered from an earlier call come back into the same fields.
        const QJsonObject earlier{{u"owner"_s, u"o"_s},
                                  {u"repo"_s, u"r"_s},
                                  {u"title"_s, u"t"_s},
                                  {u"head"_s, u"feature"_s},
                                  {u"base"_s, u"main"_s},
                                  {u"draft"_s, false},
                                  {u"reviewers"_s, QJsonArray{u"alice"_s, u"bob"_s}}};
        form.setArguments(earlier);
        QCOMPARE(form.arguments(), earlier);
    }

    // Optional[x] as pydantic and zod write it, $defs, integers, a schema that is not an object of fields.
    void nullableRefsAndWholeJson()
    {
        const QByteArray schemaText =
            "{\"type\": \"object\", \"required\": [\"count\", \"mode\"],"
            " \"$defs\": {\"Mode\": {\"type\": \"string\", \"enum\": [\"fast\", \"safe\"]}},"
            " \"properties\": {"
            "  \"count\": {\"type\": \"integer\", \"minimum\": 0, \"exclusiveMaximum\": 10},"
            "  \"mode\": {\"$ref\": \"#/$defs/Mode\", \"description\": \"How to run\"},"
            "  \"note\": {\"anyOf\": [{\"type\": \"string\"}, {\"type\": \"null\"}], \"default\": null},"
            "  \"tags\": {\"type\": [\"array\", \"null\"], \"items\": {\"type\": \"string\"}},"
            "  \"either\": {\"anyOf\": [{\"type\": \"string\"}, {\"type\": \"integer\"}]}}}";
        SchemaForm form;
        form.setSchema(QJsonDocument::fromJson(schemaText).object());
        QCOMPARE(form.field(u"mode"_s)->spec().kind, SchemaFieldSpec::Kind::Enum);
        QCOMPARE(form.field(u"mode"_s)->editor()->toolTip(), u"How to run"_s);
        QCOMPARE(form.field(u"note"_s)->spec().kind, SchemaFieldSpec::Kind::String);
        QVERIFY(form.field(u"note"_s)->nullBox());
        QVERIFY(form.field(u"note"_s)->nullBox()->isChecked()); // its default is null
        QVERIFY(!form.field(u"note"_s)->editor()->isEnabled());
        QCOMPARE(form.field(u"tags"_s)->spec().kind, SchemaFieldSpec::Kind::Array);
        QVERIFY(form.field(u"tags"_s)->nullBox());
        QCOMPARE(form.field(u"either"_s)->spec().kind, SchemaFieldSpec::Kind::Raw);

        typeInto(form, u"count"_s, u"2.5"_s);
        QCOMPARE(form.problems().value(u"count"_s), u"not a whole number"_s);
        typeInto(form, u"count"_s, u"10"_s);
        QCOMPARE(form.problems().value(u"count"_s), u"must be less than 10"_s);
        typeInto(form, u"count"_s, u"9"_s);
        QVERIFY(form.isValid());
        QCOMPARE(form.arguments(),
                 (QJsonObject{{u"count"_s, 9}, {u"mode"_s, u"fast"_s}, {u"note"_s, QJsonValue()}}));
        QCOMPARE(QJsonDocument(form.arguments()).toJson(QJsonDocument::Compact),
                 QByteArray("{\"count\":9,\"mode\":\"fast\",\"note\":null}"));
        form.field(u"note"_s)->nullBox()->click();
        typeInto(form, u"note"_s, u"hello"_s);
        auto *either = qobject_cast<JsonTextEdit *>(form.field(u"either"_s)->editor());
        either->setPlainText(u"42"_s);
        QCOMPARE(form.arguments().value(u"note"_s).toString(), u"hello"_s);
        QCOMPARE(form.arguments().value(u"either"_s).toInt(), 42);
        either->setPlainText(u"42, 43"_s);
        QVERIFY(form.problems().value(u"either"_s).contains(u"more than one value"_s));

        // A top-level anyOf: one JSON box for the whole arguments object.
        SchemaForm whole;
        whole.setSchema(QJsonDocument::fromJson("{\"anyOf\": [{\"type\": \"object\", \"required\": [\"a\"]},"
                                                " {\"type\": \"object\", \"required\": [\"b\"]}]}")
                            .object());
        QCOMPARE(whole.fields().size(), 1);
        auto *box = qobject_cast<JsonTextEdit *>(whole.fields().first()->editor());
        QVERIFY(box);
        QCOMPARE(whole.problems().value(QString()), u"required"_s);
        box->setPlainText(u"{\"b\": 1}"_s);
        QCOMPARE(whole.arguments(), (QJsonObject{{u"b"_s, 1}}));

        // No properties at all: said, not an empty box.
        SchemaForm none;
        none.setSchema(QJsonObject{{u"type"_s, u"object"_s}});
        QVERIFY(none.fields().isEmpty());
        QVERIFY(none.findChild<QLabel *>(u"schemaNoArguments"_s)->isVisibleTo(&none));
        QVERIFY(none.isValid());
    }

    // Every real schema in tests/data/mcp: a field per property, and once the required ones are filled
    // the form is valid and sends each of them.
    void everyRealSchemaBuildsAUsableForm()
    {
        QDirIterator files(QStringLiteral(SANDBOXDECK_TEST_DATA_DIR) + u"/mcp"_s, {u"*.json"_s}, QDir::Files,
                           QDirIterator::Subdirectories);
        int schemas = 0;
        while (files.hasNext()) {
            const QString path = files.next();
            const QString relative = path.section(u"/mcp/"_s, -1);
            const QJsonObject schema = inputSchemaOf(relative);
            if (schema.isEmpty())
                continue;
            ++schemas;
            SchemaForm form;
            form.setSchema(schema);
            const QJsonObject properties = schema.value(u"properties"_s).toObject();
            QCOMPARE(form.fields().size(), properties.size());
            for (SchemaField *field : form.fields()) {
                if (!field->spec().required)
                    continue;
                using Kind = SchemaFieldSpec::Kind;
                switch (field->spec().kind) {
                case Kind::String:
                case Kind::Number:
                case Kind::Integer:
                    field->setValue(field->spec().kind == Kind::String ? QJsonValue(u"x"_s) : QJsonValue(1));
                    break;
                case Kind::Raw:
                    field->setValue(field->spec().rawType == u"array"_s ? QJsonValue(QJsonArray{})
                                                                        : QJsonValue(QJsonObject{}));
                    break;
                default:
                    break;
                }
            }
            QVERIFY2(form.isValid(), qPrintable(relative + u": "_s + form.problems().keys().join(u',')));
            for (const QJsonValue &name : schema.value(u"required"_s).toArray())
                QVERIFY2(form.arguments().contains(name.toString()), qPrintable(relative + name.toString()));
        }
        QVERIFY(schemas >= 9);
    }

    void schemaFormScreenshots_data() { sizesAndThemes(); }
    void schemaFormScreenshots()
    {
        QFETCH(QString, theme);
        QFETCH(QSize, size);
        applyTheme(theme);
        QScrollArea area;
        area.setWidgetResizable(true);
        auto *form = new SchemaForm;
        form->setSchema(inputSchemaOf(u"github/list_issues.json"_s));
        area.setWidget(form);
        area.resize(size);
        area.show();
        typeInto(*form, u"owner"_s, u"octo"_s);
        typeInto(*form, u"perPage"_s, u"500"_s);
        form->revealProblems();
        qobject_cast<SchemaListEditor *>(form->field(u"labels"_s)->editor())->addRow(u"bug"_s);
        save(&area, u"mcp-schemaform-%1-%2x%3"_s.arg(theme).arg(size.width()).arg(size.height()));
    }
};

std::unique_ptr<QObject> McpWidgetsTest::newSchemaFormTest()
{
    return std::make_unique<TestSchemaForm>();
}

#include "tst_schemaform.moc"
