#include "cli/clioutput.h"

#include "api/remotetext.h"
#include "cli/jsonprinter.h"
#include "cli/terminaltext.h"
#include "models/relativetime.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QTextStream>

#include <cstdio>
#include <unistd.h>

using namespace Qt::StringLiterals;

CliOutput::CliOutput()
{
    static QTextStream outStream(stdout);
    static QTextStream errStream(stderr);
    m_out = &outStream;
    m_err = &errStream;
}

QString CliOutput::clean(const QString &text) const
{
    QString cleaned = TerminalText::escapeKeepingLines(text);
    // A very short key would blot out ordinary words; real keys are far longer.
    if (m_secret.size() >= 8)
        cleaned.replace(m_secret, RemoteText::mask());
    return cleaned;
}

void CliOutput::out(const QString &text)
{
    *m_out << clean(text);
    m_out->flush();
}

void CliOutput::err(const QString &text)
{
    *m_err << clean(text);
    m_err->flush();
}

void CliOutput::errControl(const QString &sequence)
{
    *m_err << sequence;
    m_err->flush();
}

void CliOutput::json(const QByteArray &body)
{
    m_out->flush();
    if (body.isEmpty())
        out(u"{}\n"_s);
    else if (!JsonPrinter::print(body, !m_revealSecrets, stdout))
        out(QString::fromUtf8(body) + u'\n'); // not JSON after all: as text, escaped
}

void CliOutput::noteAcquireMayHaveGoneThrough(const ApiError &error, const QString &listCommand)
{
    if (error.mayHaveTakenEffect())
        err(u"note: the acquire may have gone through before the failure; check with `sandboxdeck-cli %1` "
            "and release what you do not need.\n"_s.arg(listCommand));
}

void CliOutput::jsonAsIs(const QByteArray &body)
{
    m_out->flush();
    if (!JsonPrinter::print(body, false, stdout))
        out(QString::fromUtf8(body) + u'\n');
}

QString CliOutput::errorSentence(const ApiError &error) const
{
    // ApiError's sentence says what happened; the CLI takes its key from the environment only. Blaxel
    // answers a used-up quota with a 403 too: no key would help there.
    if (error.isKeyProblem() && !error.serverCode().contains(u"QUOTA"_s, Qt::CaseInsensitive))
        return error.message() + (error.httpStatus() == 401
                                      ? u" Set %1 to a key from %2."_s.arg(m_keyVariable, m_keyWhere)
                                      : u" Set %1 to a valid key from %2 (and check --base-url)."_s.arg(
                                            m_keyVariable, m_keyWhere));
    return error.message();
}

int CliOutput::apiError(const ApiError &error)
{
    err(u"error: "_s + errorSentence(error) + u'\n');
    const auto detail = error.detailText();
    if (!detail.isEmpty())
        err(u"server said: "_s + detail + u'\n');
    return 1;
}

void CliOutput::field(const QString &name, const QString &value)
{
    out(QString(name + u':').leftJustified(16) + (value.isEmpty() ? u"-"_s : TerminalText::escape(value)) +
        u'\n');
}

void CliOutput::secretObject(const QString &name, const QJsonObject &object, bool reveal)
{
    if (object.isEmpty()) {
        field(name, {});
        return;
    }
    out(TerminalText::escape(name) + u":\n"_s);
    for (auto it = object.begin(); it != object.end(); ++it) {
        QString value = it.value().isString() ? it.value().toString() : it.value().toVariant().toString();
        if (it.value().isObject() || it.value().isArray())
            value = QString::fromUtf8(
                QJsonDocument::fromVariant(it.value().toVariant()).toJson(QJsonDocument::Compact));
        out(u"  "_s + QString(TerminalText::escape(it.key()) + u':').leftJustified(20) +
            (reveal ? TerminalText::escape(value) : RemoteText::mask() + u" (--show-secrets)"_s) + u'\n');
    }
}

QString CliOutput::utcTime(const QDateTime &when)
{
    return when.isValid() ? when.toUTC().toString(Qt::ISODate) : QString();
}

QString CliOutput::age(const QDateTime &when)
{
    // The GUI's wording, so that a table cell says the same in both; "-" where there is no time.
    const QString age = RelativeTime::relativeAge(when, QDateTime::currentDateTimeUtc());
    return age.isEmpty() ? u"-"_s : age;
}

bool CliOutput::stderrIsTerminal()
{
    return isatty(fileno(stderr)) != 0;
}
