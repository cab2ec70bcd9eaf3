// The error path of every call: ApiError reads a non-2xx body of any shape (FastAPI `detail` as text, list
// or object, HTML, XML, garbage) into a message and the server's own words. Once redacted, nothing it
// shows or keeps spells the API key, however the body hides it (JSON escapes, percent-encoding, markup);
// an HTML excerpt is one line that brings in no control character the body did not have.
#include "api/apierror.h"
#include "fuzzcheck.h"

#include <QByteArray>
#include <QJsonDocument>
#include <QUrl>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

const QString key = u"sk-fuzz-4f1d2c3b9a8e7d6c"_s;

bool spellsKey(const QString &text)
{
    return text.contains(key) || text.contains(QString::fromLatin1(QUrl::toPercentEncoding(key)));
}

bool isControl(QChar c)
{
    const char16_t u = c.unicode();
    return (u < 0x20 && !c.isSpace()) || u == 0x7f || (u >= 0x80 && u < 0xa0 && u != 0x85);
}

bool hasControl(const QString &text)
{
    return std::any_of(text.begin(), text.end(), isControl);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    // The first two bytes pick the status (100..612), so that status-specific wording is reached too.
    const int status = 100 + ((data[0] << 8) | data[1]) % 513;
    const QByteArray body(reinterpret_cast<const char *>(data + 2), qsizetype(size - 2));

    ApiError error = ApiError::http(status, body, data[0] % 4 == 0 ? int(data[1]) : -1);
    FUZZ_CHECK(error.isError());
    FUZZ_CHECK(error.httpStatus() == status);
    FUZZ_CHECK(!error.message().isEmpty());
    (void)error.fullText();
    for (const FieldError &field : error.fieldErrors())
        (void)field.fieldName();

    error.redact(key);
    FUZZ_CHECK(!spellsKey(error.message()));
    FUZZ_CHECK(!spellsKey(error.detailText()));
    FUZZ_CHECK(!spellsKey(error.fullText()));
    FUZZ_CHECK(!spellsKey(QString::fromLatin1(error.rawBody())));
    for (const FieldError &field : error.fieldErrors()) {
        FUZZ_CHECK(!spellsKey(field.message));
        FUZZ_CHECK(!spellsKey(field.location.join(u'.')));
    }
    FUZZ_CHECK(!spellsKey(ApiError::redacted(QString::fromUtf8(body), key)));
    FUZZ_CHECK(!ApiError::redacted(body, key).contains(key.toLatin1()));

    const QString excerpt = ApiError::bodyExcerpt(body, 120);
    FUZZ_CHECK(excerpt.size() <= 120);
    FUZZ_CHECK(!excerpt.contains(u'\n') && !excerpt.contains(u'\r') && !excerpt.contains(u'\t'));
    if (!hasControl(QString::fromUtf8(body.left(64 * 1024))))
        FUZZ_CHECK(!hasControl(excerpt));

    (void)ApiError::maskSecretValues(body);
    const ApiError decode = ApiError::decode(QStringLiteral("fuzz"), body);
    FUZZ_CHECK(decode.kind() == ApiError::Kind::Decode);
    (void)decode.fullText();
    return 0;
}
