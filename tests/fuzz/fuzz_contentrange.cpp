// Content-Range as a store sends it with a resumed download's 206: anything at all. A valid answer is a
// range that agrees with itself; the same header padded with spaces reads the same.
#include "api/contentrange.h"
#include "fuzzcheck.h"

#include <QByteArray>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray value(reinterpret_cast<const char *>(data), qsizetype(size));
    const ContentRange range = ContentRange::parse(value);
    if (!range.valid) {
        FUZZ_CHECK(range.first == -1 && range.last == -1 && range.total == -1);
        return 0;
    }
    FUZZ_CHECK(value.contains("bytes "));
    if (range.first >= 0) {
        FUZZ_CHECK(range.first <= range.last);
        FUZZ_CHECK(range.total == -1 || range.last < range.total);
    } else {
        FUZZ_CHECK(range.last == -1 && range.total >= 0);
    }
    QByteArray spaced(1, ' ');
    spaced += value;
    spaced += ' ';
    const ContentRange padded = ContentRange::parse(spaced);
    FUZZ_CHECK(padded.valid && padded.first == range.first && padded.last == range.last &&
               padded.total == range.total);
    return 0;
}
