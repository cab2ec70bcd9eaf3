#pragma once

#include "apierror.h"

#include <QJsonObject>
#include <QString>

class QDateTime;
class QTextStream;

// How the CLI speaks: tables and key-value lines on stdout, errors on stderr, secrets masked unless
// asked for.
class CliOutput
{
public:
    CliOutput();

    void out(const QString &text);
    void err(const QString &text);
    // --json: the server's own body, indented, so scripts see the API's field names.
    void json(const QByteArray &body);
    // The actionable sentence, then the server's words; returns exit code 1.
    int apiError(const ApiError &error);
    void field(const QString &name, const QString &value);
    void secretObject(const QString &name, const QJsonObject &object, bool reveal);

    static QString age(const QDateTime &when);
    static bool stderrIsTerminal();

private:
    QTextStream *m_out;
    QTextStream *m_err;
};
