#include "api/blaxelsandboxsearch.h"

#include "api/blaxelerrordecoder.h"
#include "api/blaxelsandboxjsoncall.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <memory>

using namespace Qt::StringLiterals;

namespace {

// The answer's "matches", or nullopt when the answer is no object holding an array of them.
std::optional<QJsonArray> matchesOf(const QByteArray &body)
{
    const QJsonDocument document = QJsonDocument::fromJson(body);
    if (!document.isObject() || !document.object().value(u"matches"_s).isArray())
        return std::nullopt;
    return document.object().value(u"matches"_s).toArray();
}

} // namespace

BlaxelSandboxCall *BlaxelSandboxSearch::find(const QString &remoteFolder, const QString &glob,
                                             const QString &type, QObject *context,
                                             ResultHandler<BlaxelFoundPaths> done)
{
    auto handler = std::make_shared<ResultHandler<BlaxelFoundPaths>>(std::move(done));
    auto *call = m_files->newCall(context, handler);
    if (const QString problem = m_files->refusal(remoteFolder); !problem.isEmpty()) {
        call->failSoon(problem);
        return call;
    }
    call->setDeadline(m_files->limits().listDeadlineMs);
    BlaxelSandboxJsonCall::Query query;
    if (!type.isEmpty())
        query.append({u"type"_s, type});
    if (!glob.isEmpty())
        query.append({u"patterns"_s, glob});
    query.append({u"maxResults"_s, QString::number(maxResults)});
    BlaxelSandboxJsonCall::send(
        m_files, call, "GET", BlaxelSandboxJsonCall::areaPath(u"filesystem-find"_s, remoteFolder), query,
        remoteFolder, [call, handler](const QByteArray &body) {
            const std::optional<QJsonArray> items = matchesOf(body);
            if (!items) {
                call->fail(ApiError::decode(tr("the sandbox's answer to a search"), body));
                return;
            }
            BlaxelFoundPaths found;
            for (const auto &item : *items) {
                if (found.entries.size() >= maxResults) {
                    found.truncated = true;
                    break;
                }
                const QJsonObject entry = item.toObject();
                found.entries.append({entry.value(u"path"_s).toString().left(4096),
                                      entry.value(u"type"_s).toString() == u"directory"});
            }
            found.truncated = found.truncated || items->size() >= maxResults;
            call->finishWith([&] { (*handler)(found); });
        });
    return call;
}

BlaxelSandboxCall *BlaxelSandboxSearch::grep(const QString &text, const QString &remoteFolder,
                                             QObject *context, ResultHandler<BlaxelContentMatches> done)
{
    auto handler = std::make_shared<ResultHandler<BlaxelContentMatches>>(std::move(done));
    auto *call = m_files->newCall(context, handler);
    if (const QString problem = m_files->refusal(remoteFolder); !problem.isEmpty() || text.isEmpty()) {
        call->failSoon(problem.isEmpty() ? tr("There is no text to search for.") : problem);
        return call;
    }
    call->setDeadline(m_files->limits().listDeadlineMs);
    const BlaxelSandboxJsonCall::Query query{{u"query"_s, text},
                                             {u"maxResults"_s, QString::number(maxResults)}};
    BlaxelSandboxJsonCall::send(
        m_files, call, "GET", BlaxelSandboxJsonCall::areaPath(u"filesystem-content-search"_s, remoteFolder),
        query, remoteFolder, [call, handler](const QByteArray &body) {
            const std::optional<QJsonArray> items = matchesOf(body);
            if (!items) {
                call->fail(ApiError::decode(tr("the sandbox's answer to a search"), body));
                return;
            }
            BlaxelContentMatches found;
            for (const auto &item : *items) {
                if (found.matches.size() >= maxResults) {
                    found.truncated = true;
                    break;
                }
                const QJsonObject match = item.toObject();
                found.matches.append({match.value(u"path"_s).toString().left(4096),
                                      match.value(u"line"_s).toInt(), match.value(u"column"_s).toInt(),
                                      match.value(u"text"_s).toString().left(maxLineChars)});
            }
            found.truncated = found.truncated || items->size() >= maxResults;
            call->finishWith([&] { (*handler)(found); });
        });
    return call;
}
