#include "api/sandboxlistreader.h"

#include "api/isotimestamp.h"

#include <simdjson.h>

#include <limits>
#include <optional>
#include <unordered_map>

using namespace std::string_view_literals;
namespace ondemand = simdjson::ondemand;

namespace {

// QJsonDocument's own size limit lies far above any real list; past this, let it decide.
constexpr qsizetype maxBodySize = qsizetype(256) * 1024 * 1024;
// Limits inside which QJsonDocument is known to agree: it nests up to 1,024 levels and rejects numbers
// that overflow a double.
constexpr int maxDepth = 64;
constexpr size_t maxNumberLength = 64;

// Whether decoded text is what QJsonDocument is known to decode the same way. simdjson has validated the
// raw UTF-8 and the escapes' syntax, but an escape can still spell a lone surrogate (written out as
// invalid UTF-8), NUL or a non-character: not worth finding out how QJsonDocument treats those.
bool plainText(std::string_view text, bool *ascii)
{
    const auto *p = reinterpret_cast<const unsigned char *>(text.data());
    const auto *end = p + text.size();
    *ascii = true;
    while (p < end) {
        const unsigned char lead = *p;
        if (lead < 0x80) {
            if (lead == 0)
                return false;
            ++p;
            continue;
        }
        *ascii = false;
        int length = 0;
        char32_t code = 0;
        if (lead >= 0xc2 && lead <= 0xdf) {
            length = 2;
            code = lead & 0x1f;
        } else if (lead >= 0xe0 && lead <= 0xef) {
            length = 3;
            code = lead & 0x0f;
        } else if (lead >= 0xf0 && lead <= 0xf4) {
            length = 4;
            code = lead & 0x07;
        } else {
            return false;
        }
        if (end - p < length)
            return false;
        for (int i = 1; i < length; ++i) {
            if ((p[i] & 0xc0) != 0x80)
                return false;
            code = (code << 6) | (p[i] & 0x3f);
        }
        const char32_t minimum = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000;
        if (code < minimum || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ||
            (code >= 0xfdd0 && code <= 0xfdef) || (code & 0xfffe) == 0xfffe)
            return false;
        p += length;
    }
    return true;
}

QString toQString(std::string_view text, bool ascii)
{
    return ascii ? QString::fromLatin1(text.data(), qsizetype(text.size()))
                 : QString::fromUtf8(text.data(), qsizetype(text.size()));
}

// A string and its key checked the way plainText() says, or a failure.
bool decodedString(ondemand::value value, std::string_view *out, bool *ascii)
{
    return !value.get_string().get(*out) && plainText(*out, ascii);
}

// A key without escapes (an escaped key could spell a known one: not worth the doubt), read in place.
// simdjson has found the closing quote of every string before iterating, so the scan ends at it.
bool plainKey(ondemand::field &field, std::string_view *out)
{
    const char *start = field.key().raw();
    const char *end = start;
    for (; *end != '"'; ++end)
        if (*end == '\\')
            return false;
    *out = std::string_view(start, size_t(end - start));
    bool ascii = false;
    return plainText(*out, &ascii);
}

// Any value, validated and thrown away: On-Demand reads only what it is asked for, so a value skipped
// unread could hide what QJsonDocument rejects. `depth` counts the containers around it.
bool skipValue(ondemand::value value, int depth)
{
    if (depth > maxDepth)
        return false;
    ondemand::json_type type;
    if (value.type().get(type))
        return false;
    switch (type) {
    case ondemand::json_type::object: {
        ondemand::object object;
        if (value.get_object().get(object))
            return false;
        for (auto entry : object) {
            ondemand::field field;
            std::string_view name;
            if (std::move(entry).get(field) || !plainKey(field, &name) ||
                !skipValue(field.value(), depth + 1))
                return false;
        }
        return true;
    }
    case ondemand::json_type::array: {
        ondemand::array array;
        if (value.get_array().get(array))
            return false;
        for (auto entry : array) {
            ondemand::value inner;
            if (std::move(entry).get(inner) || !skipValue(inner, depth + 1))
                return false;
        }
        return true;
    }
    case ondemand::json_type::string: {
        std::string_view text;
        bool ascii = false;
        return decodedString(value, &text, &ascii);
    }
    case ondemand::json_type::number: {
        // Without an exponent and short: no reader can overflow on it.
        std::string_view token = value.raw_json_token();
        double ignored = 0;
        return token.size() <= maxNumberLength && token.find_first_of("eE"sv) == std::string_view::npos &&
               !value.get_double().get(ignored);
    }
    case ondemand::json_type::boolean: {
        bool ignored = false;
        return !value.get_bool().get(ignored);
    }
    case ondemand::json_type::null: {
        bool isNull = false;
        return !value.is_null().get(isNull) && isNull;
    }
    }
    return false;
}

class ListParser
{
public:
    bool document(ondemand::document &document, SandboxList *list);

private:
    enum Field : unsigned
    {
        SandboxId = 1,
        ServerName = 2,
        Status = 4,
        Benchmark = 8,
        Tags = 16,
        UpdatedAt = 32
    };

    bool rows(ondemand::value value, SandboxList *list);
    static bool totalCount(ondemand::value value, std::optional<int> *total);
    bool item(ondemand::value value, SandboxList *list);
    bool textField(ondemand::value value, QString *out, bool intern);
    bool tags(ondemand::value value, QStringList *out);
    QString interned(std::string_view text, bool ascii);

    // Servers, statuses, benchmarks and tags repeat across rows: one QString each instead of one per row.
    // The keys point into the parser's string buffer, which lives as long as the document.
    std::unordered_map<std::string_view, QString> m_strings;
};

bool ListParser::document(ondemand::document &document, SandboxList *list)
{
    ondemand::object object;
    if (document.get_object().get(object))
        return false;
    bool haveRows = false;
    bool haveTotal = false;
    std::optional<int> total; // null: the number of rows read
    for (auto entry : object) {
        ondemand::field field;
        std::string_view name;
        if (std::move(entry).get(field) || !plainKey(field, &name))
            return false;
        ondemand::value value = field.value();
        if (name == "sandboxes"sv) {
            if (haveRows || !rows(value, list))
                return false;
            haveRows = true;
        } else if (name == "total_count"sv) {
            if (haveTotal || !totalCount(value, &total))
                return false;
            haveTotal = true;
        } else if (!skipValue(value, 1)) {
            return false;
        }
    }
    // Anything after the object is an error for QJsonDocument; simdjson stops reading at its end.
    if (document.current_location().error() != simdjson::OUT_OF_BOUNDS)
        return false;
    // Without a list (absent or null) the general path decides between an empty list and an error.
    if (!haveRows)
        return false;
    list->totalCount = total.value_or(int(list->sandboxes.size()));
    return true;
}

bool ListParser::rows(ondemand::value value, SandboxList *list)
{
    ondemand::array array;
    if (value.get_array().get(array))
        return false;
    for (auto entry : array) {
        ondemand::value row;
        if (std::move(entry).get(row) || !item(row, list))
            return false;
    }
    return true;
}

bool ListParser::totalCount(ondemand::value value, std::optional<int> *total)
{
    ondemand::json_type type;
    if (value.type().get(type))
        return false;
    if (type == ondemand::json_type::null) {
        bool isNull = false;
        return !value.is_null().get(isNull) && isNull;
    }
    // QJsonValue::toInt() turns a count outside int into 0; leave that to it. A fraction or an exponent
    // is not an int64 to simdjson either.
    int64_t count = 0;
    if (type != ondemand::json_type::number || value.raw_json_token().size() > maxNumberLength ||
        value.get_int64().get(count) || count < std::numeric_limits<int>::min() ||
        count > std::numeric_limits<int>::max())
        return false;
    *total = int(count);
    return true;
}

bool ListParser::item(ondemand::value value, SandboxList *list)
{
    ondemand::json_type type;
    if (value.type().get(type))
        return false;
    if (type != ondemand::json_type::object)
        return skipValue(value, 2); // not an object: skipped, as the general path skips it
    ondemand::object object;
    if (value.get_object().get(object))
        return false;
    SandboxSummary summary;
    unsigned seen = 0;
    for (auto entry : object) {
        ondemand::field field;
        std::string_view name;
        if (std::move(entry).get(field) || !plainKey(field, &name))
            return false;
        ondemand::value fieldValue = field.value();
        unsigned which = 0;
        bool ok = true;
        if (name == "sandbox_id"sv) {
            which = SandboxId;
            ok = textField(fieldValue, &summary.sandboxId, false);
        } else if (name == "server_name"sv) {
            which = ServerName;
            ok = textField(fieldValue, &summary.serverName, true);
        } else if (name == "status"sv) {
            which = Status;
            ok = textField(fieldValue, &summary.status, true);
        } else if (name == "benchmark"sv) {
            which = Benchmark;
            ok = textField(fieldValue, &summary.benchmark, true);
        } else if (name == "tags"sv) {
            which = Tags;
            ok = tags(fieldValue, &summary.tags);
        } else if (name == "updated_at"sv) {
            which = UpdatedAt;
            ok = textField(fieldValue, &summary.updatedAtText, false);
        } else {
            ok = skipValue(fieldValue, 3);
        }
        // A field listed twice: QJsonObject keeps one of them, and which one is its business.
        if (!ok || (seen & which))
            return false;
        seen |= which;
    }
    if (summary.sandboxId.isEmpty())
        return true; // the general path skips a row without an id
    summary.updatedAt = IsoTimestamp::parse(summary.updatedAtText);
    list->sandboxes.append(std::move(summary));
    return true;
}

// A string field: a string, or null for empty. Anything else (a number, say) is for the general path,
// which has its own way of spelling it.
bool ListParser::textField(ondemand::value value, QString *out, bool intern)
{
    ondemand::json_type type;
    if (value.type().get(type))
        return false;
    if (type == ondemand::json_type::null) {
        bool isNull = false;
        return !value.is_null().get(isNull) && isNull;
    }
    std::string_view text;
    bool ascii = false;
    if (type != ondemand::json_type::string || !decodedString(value, &text, &ascii))
        return false;
    *out = intern ? interned(text, ascii) : toQString(text, ascii);
    return true;
}

// Tags: a list of strings (null and empty entries skipped), one string, or null. The old object shape
// and odd values are for the general path.
bool ListParser::tags(ondemand::value value, QStringList *out)
{
    ondemand::json_type type;
    if (value.type().get(type))
        return false;
    std::string_view text;
    bool ascii = false;
    switch (type) {
    case ondemand::json_type::null: {
        bool isNull = false;
        return !value.is_null().get(isNull) && isNull;
    }
    case ondemand::json_type::string:
        if (!decodedString(value, &text, &ascii))
            return false;
        if (!text.empty())
            out->append(interned(text, ascii));
        return true;
    case ondemand::json_type::array:
        break;
    default:
        return false;
    }
    ondemand::array array;
    if (value.get_array().get(array))
        return false;
    for (auto entry : array) {
        ondemand::value tag;
        ondemand::json_type tagType;
        if (std::move(entry).get(tag) || tag.type().get(tagType))
            return false;
        if (tagType == ondemand::json_type::null) {
            bool isNull = false;
            if (tag.is_null().get(isNull) || !isNull)
                return false;
            continue;
        }
        if (tagType != ondemand::json_type::string || !decodedString(tag, &text, &ascii))
            return false;
        if (!text.empty())
            out->append(interned(text, ascii));
    }
    return true;
}

QString ListParser::interned(std::string_view text, bool ascii)
{
    auto it = m_strings.find(text);
    if (it == m_strings.end())
        it = m_strings.emplace(text, toQString(text, ascii)).first;
    return it->second;
}

} // namespace

std::optional<SandboxList> SandboxListReader::read(QByteArrayView body)
{
    // A byte order mark: simdjson and QJsonDocument may not agree on it, so the general path decides.
    if (body.size() > maxBodySize || body.startsWith("\xef\xbb\xbf"))
        return std::nullopt;
    // simdjson reads up to SIMDJSON_PADDING bytes past the end; a view promises none, so copy.
    const simdjson::padded_string padded(body.data(), size_t(body.size()));
    ondemand::parser parser;
    ondemand::document document;
    if (parser.iterate(padded).get(document))
        return std::nullopt;
    SandboxList list;
    // A row takes about 190 bytes: start near the final size instead of doubling up to it.
    list.sandboxes.reserve(body.size() / 256);
    ListParser reader;
    if (!reader.document(document, &list))
        return std::nullopt;
    return list;
}
