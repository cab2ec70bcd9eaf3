#pragma once

#include "api/klavisdecoder.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <optional>

// The general path of a list reply, from QJsonDocument and the decoder's building blocks: what
// SandboxListReader must equal whenever it answers (tst_sandboxlistreader and fuzz_sandboxlistreader).
// nullopt where the decoder reports an error.
inline std::optional<SandboxList> generalSandboxList(const QByteArray &body)
{
    using namespace Qt::StringLiterals;
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(body, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject())
        return std::nullopt;
    const QJsonObject object = document.object();
    const QJsonValue items = object.value("sandboxes"_L1);
    if (!items.isArray() && !items.isNull() && !items.isUndefined())
        return std::nullopt;
    if (!items.isArray() && !object.contains("total_count"_L1))
        return std::nullopt;
    SandboxList list;
    for (const QJsonValue &item : items.toArray()) {
        SandboxSummary summary;
        if (item.isObject() && KlavisDecoder::readSummary(item.toObject(), &summary))
            list.sandboxes.append(summary);
    }
    const QJsonValue total = object.value("total_count"_L1);
    list.totalCount = total.isDouble() ? total.toInt() : int(list.sandboxes.size());
    return list;
}
