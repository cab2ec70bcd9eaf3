#include "ledger/ledgerredaction.h"

#include "api/remotetext.h"
#include "api/unsafecharacters.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace {

// An outcome, a file name: long enough for a server's sentence, short enough that a body pasted whole does
// not fill the disk one record at a time.
constexpr qsizetype maxTextLength = 4000;

QString withoutControls(QString text)
{
    for (QChar &c : text)
        if (UnsafeCharacters::isUnsafe(c.unicode()))
            c = u' ';
    return text;
}

} // namespace

void LedgerRedaction::setSecrets(const QStringList &secrets)
{
    m_secrets.clear();
    for (const QString &secret : secrets)
        if (!secret.isEmpty())
            m_secrets << secret;
}

QString LedgerRedaction::url(const QString &url) const
{
    // maskedUrl() keeps the path: a key somebody put there is masked too. Not text(): a URL masked once
    // would not parse again and be lost whole.
    QString masked = RemoteText::maskedUrl(url.trimmed());
    for (const QString &secret : m_secrets)
        masked = RemoteText::redacted(masked, secret);
    return withoutControls(masked.left(maxTextLength));
}

QString LedgerRedaction::text(const QString &input) const
{
    return redacted(input).left(maxTextLength);
}

QString LedgerRedaction::redacted(const QString &input) const
{
    QString text = RemoteText::redacted(input, {});
    for (const QString &secret : m_secrets)
        text = RemoteText::redacted(text, secret);

    static const QRegularExpression urlPattern(u"\\b[A-Za-z][A-Za-z0-9+.\\-]*://[^\\s\"'<>]+"_s);
    QString withUrls;
    qsizetype copied = 0;
    for (auto it = urlPattern.globalMatch(text); it.hasNext();) {
        const auto match = it.next();
        withUrls += QStringView(text).mid(copied, match.capturedStart() - copied);
        withUrls += RemoteText::maskedUrl(match.captured());
        copied = match.capturedEnd();
    }
    withUrls += QStringView(text).mid(copied);

    // `token=...`, `api_key: ...`, `"password":"..."` outside JSON a parser would read.
    static const QRegularExpression namedSecret(
        u"\\b([A-Za-z0-9_\\-]*(?:token|secret|password|passwd|api[_\\-]?key|auth_data|credential|signature|"
        u"private[_\\-]?key|session)[A-Za-z0-9_\\-]*)(\"?\\s*[=:]\\s*\"?)([^\\s\"'&,;}]+)"_s,
        QRegularExpression::CaseInsensitiveOption);
    QString result;
    copied = 0;
    for (auto it = namedSecret.globalMatch(withUrls); it.hasNext();) {
        const auto match = it.next();
        result += QStringView(withUrls).mid(copied, match.capturedStart(3) - copied);
        result += RemoteText::mask();
        copied = match.capturedEnd(3);
    }
    result += QStringView(withUrls).mid(copied);
    // Keys of the common providers' shapes, where no name or Bearer announces them.
    static const QRegularExpression keyShape(u"\\b(?:sk|pk|rk|bl)[-_][A-Za-z0-9_\\-]{12,}"_s);
    result.replace(keyShape, RemoteText::mask());
    return withoutControls(result);
}

QStringList LedgerRedaction::texts(const QStringList &texts) const
{
    QStringList result;
    result.reserve(texts.size());
    for (const QString &entry : texts)
        result << text(entry);
    return result;
}

QString LedgerRedaction::json(const QString &json) const
{
    return redacted(QString::fromUtf8(RemoteText::maskSecretValues(json.toUtf8())));
}
