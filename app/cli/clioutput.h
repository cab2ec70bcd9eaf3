#pragma once

#include "api/apierror.h"

#include <QJsonObject>
#include <QString>

class QDateTime;
class QTextStream;

// How the CLI speaks: tables and key-value lines on stdout, errors on stderr, secrets masked unless
// asked for. Whatever passes through here is escaped for the terminal (TerminalText) and has the API key
// taken out: much of it came from a server.
class CliOutput
{
public:
    CliOutput();

    // Line breaks stay; every other control character is escaped.
    void out(const QString &text);
    void err(const QString &text);
    // Our own terminal control sequences (the progress line's "\r ESC[K"), written as they are.
    void errControl(const QString &sequence);
    // --json: the server's own body, indented, so scripts see the API's field names; auth_data and
    // metadata values masked unless setRevealSecrets(true).
    void json(const QByteArray &body);
    // The actionable sentence, then the server's words; returns exit code 1.
    int apiError(const ApiError &error);
    // After a failed acquire whose answer leaves it open whether a sandbox was taken: how to find out, with
    // the list command of that kind (`list` or `local list`). A refusal ("no idle sandbox") says nothing.
    void noteAcquireMayHaveGoneThrough(const ApiError &error, const QString &listCommand);
    // Blaxel's --json: a body whose secrets the caller masked already (its "metadata" is no secret there).
    void jsonAsIs(const QByteArray &body);
    // What the CLI says about a failed call: ApiError's sentence, with the CLI's way of giving a key.
    QString errorSentence(const ApiError &error) const;
    // Where a key problem sends the user: the variable and where a key comes from.
    void setKeySource(const QString &variable, const QString &where)
    {
        m_keyVariable = variable;
        m_keyWhere = where;
    }
    // The value on one line: a line break in it is escaped too.
    void field(const QString &name, const QString &value);
    void secretObject(const QString &name, const QJsonObject &object, bool reveal);

    void setRevealSecrets(bool reveal) { m_revealSecrets = reveal; }
    // The key is replaced by RemoteText::mask() in everything printed (a server may echo it back).
    void setSecret(const QString &secret) { m_secret = secret; }

    static QString age(const QDateTime &when);
    // A moment as the run commands print it: ISO 8601 in UTC, empty when there is none.
    static QString utcTime(const QDateTime &when);
    static bool stderrIsTerminal();

private:
    QString clean(const QString &text) const;

    QTextStream *m_out;
    QTextStream *m_err;
    bool m_revealSecrets = false;
    QString m_secret;
    QString m_keyVariable = QStringLiteral("KLAVIS_API_KEY");
    QString m_keyWhere = QStringLiteral("your Klavis dashboard");
};
