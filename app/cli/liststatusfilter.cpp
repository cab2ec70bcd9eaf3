#include "cli/liststatusfilter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

ListStatusFilter::ListStatusFilter(const QString &commaList)
    : m_statuses(commaList.split(u',', Qt::SkipEmptyParts))
{}

bool ListStatusFilter::accepts(const QString &status) const
{
    return m_statuses.isEmpty() || m_statuses.contains(status.trimmed(), Qt::CaseInsensitive);
}

QByteArray ListStatusFilter::filterBody(const QByteArray &body) const
{
    if (!isActive())
        return body;
    QJsonParseError error;
    QJsonDocument document = QJsonDocument::fromJson(body, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject())
        return body;
    QJsonObject object = document.object();
    QJsonArray kept;
    for (const auto &entry : object.value(u"sandboxes"_s).toArray())
        if (accepts(entry.toObject().value(u"status"_s).toString()))
            kept.append(entry);
    object.insert(u"sandboxes"_s, kept);
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}
