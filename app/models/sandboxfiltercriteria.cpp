#include "models/sandboxfiltercriteria.h"

#include "models/sandboxlistmodel.h"

void SandboxFilterCriteria::setSearchText(const QString &text)
{
    m_search = text;
    m_needle = text.toLower();
}

bool SandboxFilterCriteria::accepts(const SandboxListModel &list, int row) const
{
    const SandboxSummary &sandbox = list.sandboxAt(row);
    if (!status.isEmpty() && sandbox.status != status)
        return false;
    if (!server.isEmpty() && sandbox.serverName.compare(server, Qt::CaseInsensitive) != 0)
        return false;
    if (!benchmark.isEmpty() && sandbox.benchmark != benchmark)
        return false;
    if (!tag.isEmpty() && !sandbox.tags.contains(tag))
        return false;
    return m_needle.isEmpty() || matches(list.searchText(row));
}

// A search text is short (about 70 characters) and most hold the needle's first letter once or twice:
// a vectorised scan for that letter beats QStringMatcher's table walk, which looks at every character.
bool SandboxFilterCriteria::matches(QStringView text) const
{
    const QChar first = m_needle.front();
    const QStringView rest = QStringView(m_needle).sliced(1);
    const qsizetype last = text.size() - m_needle.size();
    for (qsizetype at = text.indexOf(first); at >= 0 && at <= last; at = text.indexOf(first, at + 1))
        if (text.sliced(at + 1, rest.size()) == rest)
            return true;
    return false;
}

bool SandboxFilterCriteria::isEmpty() const
{
    return m_search.isEmpty() && status.isEmpty() && server.isEmpty() && benchmark.isEmpty() && tag.isEmpty();
}

bool SandboxFilterCriteria::isNarrowerThan(const SandboxFilterCriteria &other) const
{
    const auto within = [](const QString &mine, const QString &theirs, Qt::CaseSensitivity cs) {
        return theirs.isEmpty() || mine.compare(theirs, cs) == 0;
    };
    return within(status, other.status, Qt::CaseSensitive) &&
           within(server, other.server, Qt::CaseInsensitive) &&
           within(benchmark, other.benchmark, Qt::CaseSensitive) &&
           within(tag, other.tag, Qt::CaseSensitive) && m_needle.contains(other.m_needle);
}
