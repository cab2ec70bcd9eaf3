#pragma once

#include <QByteArray>
#include <QStringList>

// `sandboxdeck-cli list --status idle,occupied`: the API has no status filter, so the CLI applies it to
// the page it got, to the table and to the --json body alike.
class ListStatusFilter
{
public:
    // The parser's checked, comma-joined words; empty: every status.
    explicit ListStatusFilter(const QString &commaList);

    bool isActive() const { return !m_statuses.isEmpty(); }
    bool accepts(const QString &status) const;
    // The list body with only the accepted entries of its "sandboxes" array; every other field as it was.
    // A body that is not a JSON object is returned unchanged.
    QByteArray filterBody(const QByteArray &body) const;

private:
    QStringList m_statuses;
};
