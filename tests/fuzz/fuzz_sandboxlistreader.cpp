// Differential: SandboxListReader (JsonScanner straight from bytes) is an accelerator of the general path
// (QJsonDocument + KlavisDecoder::readSummary). On every input it must either decline or give exactly the
// general path's list, and KlavisDecoder::sandboxList must succeed exactly when the general path does.
// The general path is the one tests/models/tst_sandboxlistreader.cpp compares against.
#include "../models/generalsandboxlist.h"
#include "api/klavisdecoder.h"
#include "api/sandboxlistreader.h"
#include "fuzzcheck.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray body(reinterpret_cast<const char *>(data), qsizetype(size));
    const std::optional<SandboxList> fast = SandboxListReader::read(body);
    const std::optional<SandboxList> reference = generalSandboxList(body);
    if (fast) {
        FUZZ_CHECK(reference.has_value());
        FUZZ_CHECK(fast->sandboxes == reference->sandboxes);
        FUZZ_CHECK(fast->totalCount == reference->totalCount);
    }
    const auto decoded = KlavisDecoder::sandboxList(body);
    FUZZ_CHECK(decoded.ok() == reference.has_value());
    if (reference) {
        FUZZ_CHECK(decoded->sandboxes == reference->sandboxes);
        FUZZ_CHECK(decoded->totalCount == reference->totalCount);
    }
    return 0;
}
