// Every decoder of the client on the same hostile body: none may crash, hang or leak, and each answers
// with a value or an ApiError that carries a message.
#include "api/klavisdecoder.h"
#include "fuzzcheck.h"

#include <QByteArray>

using namespace Qt::StringLiterals;

namespace {

template <typename T> void touch(const ApiResult<T> &result)
{
    if (!result.ok()) {
        FUZZ_CHECK(result.error().isError());
        FUZZ_CHECK(!result.error().message().isEmpty());
        (void)result.error().fullText();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray body(reinterpret_cast<const char *>(data), qsizetype(size));

    const auto list = KlavisDecoder::sandboxList(body);
    touch(list);
    if (list.ok()) {
        for (const SandboxSummary &row : list->sandboxes)
            FUZZ_CHECK(!row.sandboxId.isEmpty());
    }
    touch(KlavisDecoder::sandboxDetails(body));
    touch(KlavisDecoder::acquiredSandbox(body));
    touch(KlavisDecoder::actionResult(body));
    touch(KlavisDecoder::localSandbox(body));
    touch(KlavisDecoder::localSandboxList(body));
    for (const QString &field : {u"upload_url"_s, u"download_url"_s}) {
        const auto url = KlavisDecoder::signedUrl(body, field);
        touch(url);
        if (url.ok())
            FUZZ_CHECK(url->url.isValid());
    }
    return 0;
}
