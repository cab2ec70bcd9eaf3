#pragma once

#include <QByteArray>

#include <cstdio>
#include <optional>

// --json output without building the document: one pass over the reply body checks it, a second writes it
// indented, straight to the file in small chunks. A 60 MB list reply so costs no more memory than the
// body itself (QJsonDocument, its indented text and a UTF-16 copy of that took 1.25 GB).
//
// On the way, what a terminal would act on is escaped although JSON allows it raw: DEL, the C1 controls
// and the invisible bidi overrides and separators become \uXXXX (C0 controls cannot appear raw in valid
// JSON). With maskSecrets, every member of an "auth_data" or "metadata" object (at any depth) has its value
// replaced by a mask, like the human output; null stays null.
class JsonPrinter
{
public:
    // false, and nothing written, when the body is not valid JSON (strict: RFC 8259, valid UTF-8).
    static bool print(const QByteArray &body, bool maskSecrets, std::FILE *out);
    // The same into memory, for tests; nullopt when not valid JSON.
    static std::optional<QByteArray> format(const QByteArray &body, bool maskSecrets);

    static constexpr int maxDepth = 512;
};
