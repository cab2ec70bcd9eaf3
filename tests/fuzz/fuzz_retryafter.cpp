// Retry-After as a server sends it: delta-seconds, an HTTP-date in any of its three forms, or anything
// else. The answer is -1 (absent or unreadable) or a wait in seconds; the int form is the wide one clamped,
// never a wrapped-around short wait; a date that parses is in UTC.
#include "api/retrypolicy.h"
#include "fuzzcheck.h"

#include <QByteArray>

#include <limits>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray value(reinterpret_cast<const char *>(data), qsizetype(size));
    const qint64 wide = RetryPolicy::parseRetryAfterSeconds(value);
    FUZZ_CHECK(wide >= -1);
    const int seconds = RetryPolicy::parseRetryAfter(value);
    FUZZ_CHECK(qint64(seconds) == std::min<qint64>(wide, std::numeric_limits<int>::max()));

    const QDateTime date = RetryPolicy::parseHttpDate(value);
    if (date.isValid())
        FUZZ_CHECK(date.offsetFromUtc() == 0);

    const RetryPolicy policy(4, 100, 120);
    FUZZ_CHECK(policy.delayMs(1 + int(size % 12), seconds) >= 0);
    return 0;
}
