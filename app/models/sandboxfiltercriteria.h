#pragma once

#include <QString>

class SandboxListModel;

// What a row of the sandbox list must match to be shown; an empty field matches all. The search is a
// case-insensitive substring of the row's server, id, status, benchmark or tags; the others are exact,
// server names case-insensitively.
class SandboxFilterCriteria
{
public:
    QString searchText() const { return m_search; }
    void setSearchText(const QString &text);

    QString status;
    QString server;
    QString benchmark;
    QString tag;

    bool accepts(const SandboxListModel &list, int row) const;
    bool isEmpty() const;
    // Whether every row these criteria accept is accepted by `other` too ("gith" after "git"): then a
    // refilter need only look at the rows shown now.
    bool isNarrowerThan(const SandboxFilterCriteria &other) const;

private:
    bool matches(QStringView text) const;

    QString m_search;
    QString m_needle; // m_search lower-cased, for the model's lower-cased search text
};
