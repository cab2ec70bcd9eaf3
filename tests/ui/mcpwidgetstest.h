#pragma once

// What the parts of tst_mcpwidgets share: fixtures (real tools' schemas from tests/data/mcp, sample
// dumps, a decoded tool result) and the screenshot helpers. See tst_mcpwidgets.cpp for how the parts run.

#include "../postedevents.h"
#include "inspector/schemafield.h"
#include "inspector/schemaform.h"
#include "mcp/mcpresultdecoder.h"
#include "preferences/themeapplier.h"
#include "screenshotfile.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QObject>
#include <QTest>

#include <memory>

namespace McpWidgetsTest {

using namespace Qt::StringLiterals;

inline QJsonObject readJsonFile(const QString &relative)
{
    QFile file(QStringLiteral(SANDBOXDECK_TEST_DATA_DIR) + u"/mcp/"_s + relative);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

inline QJsonObject sampleDump()
{
    const QByteArray text = "{\"repos\": [{\"name\": \"sandbox-demo\", \"private\": false, \"stars\": 12},"
                            " {\"name\": \"notes\", \"private\": true, \"stars\": null}],"
                            " \"odd key\": {\"say \\\"hi\\\"\": \"bell\\u0007 and\\nnewline\"},"
                            " \"owner\": \"octo\"}";
    return QJsonDocument::fromJson(text).object();
}

// A dump of about `megabytes` MB: issues with nested comments, the shape of a real tracker's dump.
inline QByteArray bigDump(int megabytes)
{
    QByteArray text = "{\"issues\": [";
    const QByteArray body(180, 'x');
    for (int i = 0; text.size() < megabytes * 1024 * 1024; ++i) {
        if (i > 0)
            text += ',';
        text += "{\"number\": " + QByteArray::number(i) + ", \"title\": \"Issue " + QByteArray::number(i) +
                "\", \"state\": \"open\", \"labels\": [\"bug\", \"p" + QByteArray::number(i % 4) +
                "\"], \"comments\": [{\"author\": \"a" + QByteArray::number(i % 97) + "\", \"body\": \"" +
                body + "\"}, {\"author\": \"b\", \"body\": \"" + body + "\"}]}";
    }
    text += "], \"needle\": \"the-one-string\"}";
    return text;
}

inline QJsonObject inputSchemaOf(const QString &relative)
{
    return readJsonFile(relative).value(u"inputSchema"_s).toObject();
}

inline QLineEdit *lineOf(SchemaForm &form, const QString &name)
{
    SchemaField *field = form.field(name);
    return field ? qobject_cast<QLineEdit *>(field->editor()) : nullptr;
}

// Types into a field's line as a user does (the form reacts to edits, not to setText).
inline void typeInto(SchemaForm &form, const QString &name, const QString &text)
{
    QLineEdit *line = lineOf(form, name);
    QVERIFY2(line, qPrintable(name));
    line->selectAll();
    QTest::keyClicks(line, text);
}

inline QByteArray pngOf(const QSize &size, const QColor &colour)
{
    QImage image(size, QImage::Format_RGB32);
    image.fill(colour);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
}

// A tools/call result as a server sends it (MCP 2025-06-18 "CallToolResult"), read by the core's decoder.
inline McpToolResult decodedResult(bool isError)
{
    const QJsonArray content{
        QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, u"Created issue #7\nbell\u0007 end"_s}},
        QJsonObject{{u"type"_s, u"image"_s},
                    {u"mimeType"_s, u"image/png"_s},
                    {u"data"_s, QString::fromLatin1(pngOf(QSize(600, 400), Qt::darkCyan).toBase64())}},
        QJsonObject{{u"type"_s, u"resource"_s},
                    {u"resource"_s, QJsonObject{{u"uri"_s, u"file:///workspace/notes.md"_s},
                                                {u"mimeType"_s, u"text/markdown"_s},
                                                {u"text"_s, u"# Notes\nfirst line"_s}}}},
        QJsonObject{{u"type"_s, u"resource_link"_s},
                    {u"uri"_s, u"https://example.com/issues/7"_s},
                    {u"name"_s, u"issue-7"_s},
                    {u"mimeType"_s, u"application/json"_s}},
    };
    return McpResultDecoder::toolResult(QJsonObject{
        {u"content"_s, content},
        {u"structuredContent"_s, QJsonObject{{u"number"_s, 7}, {u"labels"_s, QJsonArray{u"bug"_s}}}},
        {u"isError"_s, isError}});
}

inline QJsonObject echoTool()
{
    return QJsonObject{
        {u"name"_s, u"echo"_s},
        {u"description"_s, u"Says the text back."_s},
        {u"inputSchema"_s,
         QJsonObject{{u"type"_s, u"object"_s},
                     {u"properties"_s, QJsonObject{{u"text"_s, QJsonObject{{u"type"_s, u"string"_s}}}}},
                     {u"required"_s, QJsonArray{u"text"_s}}}},
        {u"annotations"_s, QJsonObject{{u"readOnlyHint"_s, true}, {u"openWorldHint"_s, false}}}};
}

inline QString screenshotDir()
{
    return QDir::currentPath() + u"/screenshots"_s;
}

inline void sizesAndThemes()
{
    QTest::addColumn<QString>("theme");
    QTest::addColumn<QSize>("size");
    for (const QString &theme : {u"light"_s, u"dark"_s})
        for (const QSize &size : {QSize(800, 500), QSize(1280, 780)})
            QTest::addRow("%s-%dx%d", qPrintable(theme), size.width(), size.height()) << theme << size;
}

inline void applyTheme(const QString &theme)
{
    ThemeApplier::apply(theme == u"dark"_s ? ThemeSetting::Theme::Dark : ThemeSetting::Theme::Light);
}

inline void save(QWidget *widget, const QString &name)
{
    QVERIFY(PostedEvents::layoutsSettled());
    ScreenshotFile::save(widget, screenshotDir(), name);
}

// The parts of the one executable, each defined in its own tst_*.cpp and run by tst_mcpwidgets.cpp.
std::unique_ptr<QObject> newJsonTreeTest();
std::unique_ptr<QObject> newSchemaFormTest();
std::unique_ptr<QObject> newToolResultViewTest();
std::unique_ptr<QObject> newInspectPageTest();

} // namespace McpWidgetsTest
