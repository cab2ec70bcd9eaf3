#pragma once

#include <QString>
#include <QStringList>

// What the ledger does to every free text (outcomes, notes, plans, file names) and URL before it stores
// them (identifiers, names and tags are stored as given): a careless caller must not be able to
// put a secret on disk. URLs lose their user info and query values (tokens and signatures travel there),
// texts lose Bearer tokens, the keys it was told about, `token=`-style values, secret-looking JSON values
// (auth_data, metadata, ...) and the query values of URLs inside them. Control characters become spaces.
class LedgerRedaction
{
public:
    // Texts that are secret wherever they appear: the API key of the profile at hand.
    void setSecrets(const QStringList &secrets);

    QString url(const QString &url) const;
    // At most 4000 characters.
    QString text(const QString &text) const;
    QStringList texts(const QStringList &texts) const;
    // A JSON document (a run's plan): secret-looking values masked, then what text() does, uncut.
    QString json(const QString &json) const;

private:
    QString redacted(const QString &text) const;

    QStringList m_secrets;
};
