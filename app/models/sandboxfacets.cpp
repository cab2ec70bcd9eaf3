#include "models/sandboxfacets.h"

#include <QVarLengthArray>

namespace {
constexpr QChar fieldSeparator = u'\x1f';
}

QString SandboxFacets::adopt(SandboxSummary *summary)
{
    SandboxSummary &s = *summary;
    const auto server = m_servers.acquire(s.serverName);
    const auto status = m_statuses.acquire(s.status);
    const auto benchmark = m_benchmarks.acquire(s.benchmark);
    s.serverName = server.value;
    s.status = status.value;
    s.benchmark = benchmark.value;
    const QString id = s.sandboxId.toLower(); // shares the string when it is already lower case

    QVarLengthArray<QString, 4> tags;
    qsizetype length = server.lower.size() + id.size() + status.lower.size() + benchmark.lower.size() + 3;
    for (const QString &tag : std::as_const(s.tags)) {
        tags.append(m_tags.acquire(tag).lower);
        length += tags.back().size() + 1;
    }
    QString text;
    text.reserve(length);
    text.append(server.lower).append(fieldSeparator).append(id).append(fieldSeparator);
    text.append(status.lower).append(fieldSeparator).append(benchmark.lower);
    for (const QString &tag : tags)
        text.append(fieldSeparator).append(tag);
    return text;
}

void SandboxFacets::forget(const SandboxSummary &summary)
{
    m_servers.release(summary.serverName);
    m_statuses.release(summary.status);
    m_benchmarks.release(summary.benchmark);
    for (const QString &tag : summary.tags)
        m_tags.release(tag);
}

void SandboxFacets::clear()
{
    m_servers.clear();
    m_statuses.clear();
    m_benchmarks.clear();
    m_tags.clear();
}

bool SandboxFacets::takeChanged()
{
    // Every counter's flag is taken, so none carries a stale "changed" into the next snapshot.
    const bool servers = m_servers.takeChanged();
    const bool statuses = m_statuses.takeChanged();
    const bool benchmarks = m_benchmarks.takeChanged();
    const bool tags = m_tags.takeChanged();
    return servers || statuses || benchmarks || tags;
}
