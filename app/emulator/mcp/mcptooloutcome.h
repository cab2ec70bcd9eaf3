#pragma once

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

namespace Emulator {

// What a tool call answers: a text block, optionally structured content (for tools with an outputSchema),
// isError for a failure the model should see (bad arguments, an unknown repository), and the progress
// notifications sent before the result.
struct McpToolOutcome
{
    QString text;
    QJsonArray content; // blocks other than text (a media file's image, audio or blob) in place of `text`
    QJsonValue structured = QJsonValue(QJsonValue::Undefined);
    bool isError = false;
    QStringList progress; // one notifications/progress each, in order, before the result
    int delayMs = 0;      // the answer leaves this much later (a slow tool)

    static McpToolOutcome message(const QString &text)
    {
        McpToolOutcome outcome;
        outcome.text = text;
        return outcome;
    }
    static McpToolOutcome error(const QString &text)
    {
        McpToolOutcome outcome = message(text);
        outcome.isError = true;
        return outcome;
    }
    // The structured result, and the same JSON as text for clients that read only content.
    static McpToolOutcome object(const QJsonObject &value)
    {
        McpToolOutcome outcome =
            message(QString::fromUtf8(QJsonDocument(value).toJson(QJsonDocument::Compact)));
        outcome.structured = value;
        return outcome;
    }
};

} // namespace Emulator
