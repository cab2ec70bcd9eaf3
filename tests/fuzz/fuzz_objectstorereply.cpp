// The object store's error replies (GCS/S3-style XML, HTML, anything): ObjectStoreReply::classify reads
// the body into an outcome and a message. A signed URL is a credential: whatever the body says, its
// signature never reaches the message, nor the output of redacted() on a text that quotes the URL.
#include "fuzzcheck.h"
#include "workspace/objectstorereply.h"

#include <QNetworkReply>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace {

constexpr auto secret = "f00dfeed5ecret"_L1;

// A finished reply as QNetworkAccessManager hands it over: status, error and error string (which Qt
// writes with the full URL in it) are all the classifier reads besides the body.
class FinishedReply : public QNetworkReply
{
public:
    FinishedReply(const QUrl &url, int status, NetworkError error)
    {
        setUrl(url);
        if (status != 0)
            setAttribute(QNetworkRequest::HttpStatusCodeAttribute, status);
        setError(error, u"Error transferring %1 - server replied: Forbidden"_s.arg(url.toString()));
        setFinished(true);
        open(QIODevice::ReadOnly);
    }
    void abort() override {}

protected:
    qint64 readData(char *, qint64) override { return -1; }
};

const QUrl &signedUrl(uint8_t choice)
{
    static const QList<QUrl> urls = {
        QUrl(u"https://storage.example/bucket/ws.tar.gz?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Expires=900"
             "&X-Goog-Signature="_s +
             secret),
        QUrl(u"https://s3.example/b/ws.tar.gz?X-Amz-Credential=AK%2F1&X-Amz-Signature="_s + secret),
        QUrl(u"https://acct.blob.example/c/ws.tar.gz?sv=2024-01-01&se=2026-12-01&sig="_s + secret),
        QUrl(u"http://127.0.0.1:8080/store/ws.tar.gz?token=1&Signature="_s + secret),
    };
    return urls.at(choice % urls.size());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3)
        return 0;
    static const QList<QNetworkReply::NetworkError> errors = {QNetworkReply::NoError,
                                                              QNetworkReply::ContentAccessDenied,
                                                              QNetworkReply::ContentNotFoundError,
                                                              QNetworkReply::RemoteHostClosedError,
                                                              QNetworkReply::InternalServerError,
                                                              QNetworkReply::UnknownContentError};
    const int status = ((data[0] << 8) | data[1]) % 600;
    const QUrl &url = signedUrl(data[2] >> 4);
    const QByteArray body(reinterpret_cast<const char *>(data + 3), qsizetype(size - 3));
    const bool bodyHasSecret = body.contains(QByteArray(secret.data(), secret.size()));

    FinishedReply reply(url, status, errors.at((data[2] & 0x0f) % errors.size()));
    const ObjectStoreReply result = ObjectStoreReply::classify(&reply, body);
    FUZZ_CHECK(result.httpStatus() == status);
    if (result.outcome() != ObjectStoreReply::Outcome::Success)
        FUZZ_CHECK(!result.message().isEmpty());
    if (!bodyHasSecret)
        FUZZ_CHECK(!result.message().contains(secret));

    const QString text = QString::fromUtf8(body);
    if (!text.contains(secret)) {
        for (const QString &spelling :
             {url.toString(QUrl::FullyEncoded), url.toString(), url.toDisplayString()})
            FUZZ_CHECK(!ObjectStoreReply::redacted(text + spelling + text, url).contains(secret));
    }
    return 0;
}
