#include "workspace/objectstorereply.h"

#include "api/storeerrorxml.h"

#include <QCoreApplication>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QUrl>

using namespace Qt::StringLiterals;

QString ObjectStoreReply::redacted(const QString &text)
{
    // GCS V4, AWS SigV4 and Azure SAS spell their signature parameter differently; a credential-looking
    // parameter of any of them goes.
    static const QRegularExpression signature(
        u"((?:X-Goog-Signature|X-Amz-Signature|X-Goog-Credential|X-Amz-Credential|Signature|sig)=)[^&\\s\"'<>]*"_s,
        QRegularExpression::CaseInsensitiveOption);
    QString result = text;
    result.replace(signature, u"\\1<redacted>"_s);
    return result;
}

QString ObjectStoreReply::redacted(const QString &text, const QUrl &url)
{
    QString result = text;
    if (url.isValid() && url.hasQuery()) {
        const QString bare = url.adjusted(QUrl::RemoveQuery | QUrl::RemoveFragment).toString();
        for (const QString &spelling :
             {url.toString(QUrl::FullyEncoded), url.toString(), url.toDisplayString()})
            result.replace(spelling, bare);
    }
    return redacted(result);
}

ObjectStoreReply ObjectStoreReply::classify(QNetworkReply *reply, const QByteArray &body)
{
    ObjectStoreReply result;
    result.m_httpStatus = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const int status = result.m_httpStatus;
    if (status >= 200 && status < 300 && reply->error() == QNetworkReply::NoError) {
        result.m_outcome = Outcome::Success;
        return result;
    }
    if (status == 0 || (status >= 200 && status < 300)) {
        // No answer at all, or an answer cut short: the connection, not the request, is the problem.
        result.m_outcome = Outcome::Transient;
        result.m_message = redacted(
            QCoreApplication::translate("ObjectStoreReply", "The connection to the storage failed (%1).")
                .arg(reply->errorString()),
            reply->url());
        return result;
    }
    const StoreErrorXml xml = StoreErrorXml::parse(body);
    result.m_code = xml.code;
    const QString storeMessage = xml.message;
    static const QStringList urlProblems = {u"ExpiredToken"_s, u"SignatureDoesNotMatch"_s, u"AccessDenied"_s,
                                            u"AuthenticationRequired"_s, u"RequestExpired"_s};
    if ((status == 400 || status == 401 || status == 403) && urlProblems.contains(result.m_code))
        result.m_outcome = Outcome::UrlRefused;
    else if (status == 408 || status == 429 || status >= 500)
        result.m_outcome = Outcome::Transient;
    else
        result.m_outcome = Outcome::Final;
    const QString message =
        storeMessage.isEmpty()
            ? QCoreApplication::translate("ObjectStoreReply", "The storage answered HTTP %1.").arg(status)
            : QCoreApplication::translate("ObjectStoreReply",
                                          "The storage refused the request (HTTP %1, %2): %3")
                  .arg(QString::number(status), result.m_code, storeMessage);
    result.m_message = redacted(message, reply->url());
    return result;
}
