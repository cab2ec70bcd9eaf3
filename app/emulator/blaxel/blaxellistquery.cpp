#include "emulator/blaxel/blaxellistquery.h"

#include "emulator/blaxel/blaxelsandboxjson.h"
#include "emulator/server/incomingrequest.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

const QStringList &sortFields()
{
    static const QStringList fields{u"createdAt"_s, u"updatedAt"_s,   u"lastUsedAt"_s,
                                    u"name"_s,      u"displayName"_s, u"status"_s};
    return fields;
}

constexpr qsizetype maxQueryText = 256;

} // namespace

std::optional<BlaxelListQuery> BlaxelListQuery::parse(const IncomingRequest &request, int defaultLimit,
                                                      int maxLimit, QString *error)
{
    BlaxelListQuery query;
    query.m_limit = defaultLimit;
    if (const auto status = request.queryValue(u"status"_s); status && !status->isEmpty()) {
        if (status->size() > maxQueryText) {
            *error = u"status is too long"_s;
            return std::nullopt;
        }
        for (const QString &part : status->split(u',', Qt::SkipEmptyParts))
            query.m_statuses.append(part.trimmed().toUpper());
    }
    if (const auto search = request.queryValue(u"q"_s); search && !search->isEmpty()) {
        if (search->trimmed().size() < 2 || search->size() > maxQueryText) {
            *error = u"q must have from 2 to %1 characters"_s.arg(maxQueryText);
            return std::nullopt;
        }
        query.m_search = search->trimmed().toCaseFolded();
    }
    if (const auto show = request.queryValue(u"showTerminated"_s)) {
        const QString value = show->toLower();
        if (value != u"true" && value != u"false" && value != u"1" && value != u"0") {
            *error = u"showTerminated must be true or false"_s;
            return std::nullopt;
        }
        query.m_showTerminated = value == u"true" || value == u"1";
    }
    if (const auto limit = request.queryValue(u"limit"_s)) {
        bool ok = false;
        const int value = limit->toInt(&ok);
        if (!ok || value < 1 || value > maxLimit) {
            *error = u"limit must be a whole number from 1 to %1"_s.arg(maxLimit);
            return std::nullopt;
        }
        query.m_limit = value;
    }
    if (const auto sort = request.queryValue(u"sort"_s); sort && !sort->isEmpty()) {
        const QStringList parts = sort->split(u':');
        const QString direction = parts.size() == 2 ? parts.at(1).toLower() : u"asc"_s;
        if (parts.size() > 2 || !sortFields().contains(parts.at(0)) ||
            (direction != u"asc" && direction != u"desc")) {
            *error = u"sort must be one of %1, each with :asc or :desc"_s.arg(sortFields().join(u", "_s));
            return std::nullopt;
        }
        query.m_sortField = parts.at(0);
        query.m_descending = direction == u"desc";
    }
    if (const auto cursor = request.queryValue(u"cursor"_s); cursor && !cursor->isEmpty()) {
        const QByteArray decoded = QByteArray::fromBase64(
            cursor->left(1024).toLatin1(), QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
        const QJsonObject object = QJsonDocument::fromJson(decoded).object();
        const QString sortKey = query.m_sortField + (query.m_descending ? u":desc"_s : u":asc"_s);
        if (object.value(u"s"_s).toString() != sortKey || !object.value(u"v"_s).isString() ||
            !object.value(u"n"_s).isString()) {
            *error = u"cursor is not valid for this query (it belongs to another sort, or it is damaged)"_s;
            return std::nullopt;
        }
        query.m_after = qMakePair(object.value(u"v"_s).toString(), object.value(u"n"_s).toString());
    }
    return query;
}

bool BlaxelListQuery::matches(const BlaxelSandbox &sandbox) const
{
    const bool terminated = sandbox.status == u"TERMINATED";
    if (terminated && !m_showTerminated && !m_statuses.contains(u"TERMINATED"_s))
        return false;
    if (!m_statuses.isEmpty() && !m_statuses.contains(sandbox.status))
        return false;
    if (m_search.isEmpty())
        return true;
    if (sandbox.name.toCaseFolded().contains(m_search) ||
        sandbox.displayName.toCaseFolded().contains(m_search))
        return true;
    for (auto it = sandbox.labels.constBegin(); it != sandbox.labels.constEnd(); ++it) {
        if (it.key().toCaseFolded().contains(m_search) ||
            it.value().toString().toCaseFolded().contains(m_search))
            return true;
    }
    return false;
}

QString BlaxelListQuery::sortValue(const BlaxelSandbox &sandbox) const
{
    // Timestamps in one fixed UTC format sort as text; an unknown lastUsedAt sorts first.
    if (m_sortField == u"createdAt")
        return BlaxelSandboxJson::timestamp(sandbox.createdAt);
    if (m_sortField == u"updatedAt")
        return BlaxelSandboxJson::timestamp(sandbox.updatedAt);
    if (m_sortField == u"lastUsedAt")
        return sandbox.lastUsedAt.isValid() ? BlaxelSandboxJson::timestamp(sandbox.lastUsedAt) : QString();
    if (m_sortField == u"displayName")
        return sandbox.displayName;
    if (m_sortField == u"status")
        return sandbox.status;
    return sandbox.name;
}

// The sort value in the asked direction, then the name ascending: a total order, as keyset paging needs.
bool BlaxelListQuery::before(const QString &valueA, const QString &nameA, const QString &valueB,
                             const QString &nameB) const
{
    if (valueA != valueB)
        return m_descending ? valueA > valueB : valueA < valueB;
    return nameA < nameB;
}

QString BlaxelListQuery::cursorAfter(const BlaxelSandbox &sandbox) const
{
    const QJsonObject object{{u"s"_s, QString(m_sortField + (m_descending ? u":desc"_s : u":asc"_s))},
                             {u"v"_s, sortValue(sandbox)},
                             {u"n"_s, sandbox.name}};
    return QString::fromLatin1(QJsonDocument(object)
                                   .toJson(QJsonDocument::Compact)
                                   .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

BlaxelListQuery::Page BlaxelListQuery::page(const QList<BlaxelSandbox> &sandboxes, bool paged) const
{
    QList<const BlaxelSandbox *> matched;
    for (const BlaxelSandbox &sandbox : sandboxes) {
        if (matches(sandbox))
            matched.append(&sandbox);
    }
    std::sort(matched.begin(), matched.end(), [this](const BlaxelSandbox *a, const BlaxelSandbox *b) {
        return before(sortValue(*a), a->name, sortValue(*b), b->name);
    });
    Page page;
    page.total = matched.size();
    if (!paged) {
        page.items = matched;
        return page;
    }
    qsizetype start = 0;
    if (m_after) {
        while (start < matched.size() && !before(m_after->first, m_after->second,
                                                 sortValue(*matched.at(start)), matched.at(start)->name))
            ++start;
    }
    page.items = matched.mid(start, m_limit);
    page.hasMore = start + page.items.size() < matched.size();
    if (page.hasMore)
        page.nextCursor = cursorAfter(*page.items.constLast());
    return page;
}

} // namespace Emulator
