#include "api/sandboxlistreader.h"

#include "api/isotimestamp.h"
#include "api/jsonscanner.h"

#include <limits>
#include <optional>
#include <unordered_map>

using namespace std::string_view_literals;

namespace {

// QJsonDocument's own size limit lies far above any real list; past this, let it decide.
constexpr qsizetype maxBodySize = qsizetype(256) * 1024 * 1024;

class ListParser
{
public:
    explicit ListParser(QByteArrayView body) : m_json(body) {}

    bool document(SandboxList *list);

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

    bool totalCount(std::optional<int> *total);
    bool item(SandboxList *list);
    bool textField(QString *out, bool intern);
    bool tags(QStringList *out);
    QString interned(const JsonScanner::String &raw);

    JsonScanner m_json;
    // Servers, statuses, benchmarks and tags repeat across rows: one QString each instead of one per row.
    std::unordered_map<std::string_view, QString> m_strings;
};

bool ListParser::document(SandboxList *list)
{
    if (!m_json.consume('{'))
        return false;
    bool haveRows = false;
    bool haveTotal = false;
    std::optional<int> total; // null: the number of rows read
    if (!m_json.consume('}')) {
        do {
            std::string_view name;
            if (!m_json.key(&name))
                return false;
            if (name == "sandboxes"sv) {
                if (haveRows || !m_json.consume('['))
                    return false;
                haveRows = true;
                if (!m_json.consume(']')) {
                    do {
                        if (!item(list))
                            return false;
                    } while (m_json.consume(','));
                    if (!m_json.consume(']'))
                        return false;
                }
            } else if (name == "total_count"sv) {
                if (haveTotal || !totalCount(&total))
                    return false;
                haveTotal = true;
            } else if (!m_json.skipValue(1)) {
                return false;
            }
        } while (m_json.consume(','));
        if (!m_json.consume('}'))
            return false;
    }
    // Without a list (absent or null) the general path decides between an empty list and an error.
    if (!m_json.atEnd() || !haveRows)
        return false;
    list->totalCount = total.value_or(int(list->sandboxes.size()));
    return true;
}

bool ListParser::totalCount(std::optional<int> *total)
{
    if (m_json.peek() == 'n')
        return m_json.literal("null"sv);
    qint64 value = 0;
    // QJsonValue::toInt() turns a count outside int into 0; leave that to it.
    if (!m_json.integer(&value) || value < std::numeric_limits<int>::min() ||
        value > std::numeric_limits<int>::max())
        return false;
    *total = int(value);
    return true;
}

bool ListParser::item(SandboxList *list)
{
    if (!m_json.consume('{'))
        return m_json.skipValue(1); // not an object: skipped, as the general path skips it
    SandboxSummary summary;
    unsigned seen = 0;
    if (!m_json.consume('}')) {
        do {
            std::string_view name;
            if (!m_json.key(&name))
                return false;
            unsigned field = 0;
            bool ok = true;
            if (name == "sandbox_id"sv) {
                field = SandboxId;
                ok = textField(&summary.sandboxId, false);
            } else if (name == "server_name"sv) {
                field = ServerName;
                ok = textField(&summary.serverName, true);
            } else if (name == "status"sv) {
                field = Status;
                ok = textField(&summary.status, true);
            } else if (name == "benchmark"sv) {
                field = Benchmark;
                ok = textField(&summary.benchmark, true);
            } else if (name == "tags"sv) {
                field = Tags;
                ok = tags(&summary.tags);
            } else if (name == "updated_at"sv) {
                field = UpdatedAt;
                ok = textField(&summary.updatedAtText, false);
            } else {
                ok = m_json.skipValue(2);
            }
            // A field listed twice: QJsonObject keeps one of them, and which one is its business.
            if (!ok || (seen & field))
                return false;
            seen |= field;
        } while (m_json.consume(','));
        if (!m_json.consume('}'))
            return false;
    }
    if (summary.sandboxId.isEmpty())
        return true; // the general path skips a row without an id
    summary.updatedAt = IsoTimestamp::parse(summary.updatedAtText);
    if (summary.updatedAt.isValid())
        summary.updatedAtText.clear(); // as the general path keeps it
    list->sandboxes.append(std::move(summary));
    return true;
}

// A string field: a string, or null for empty. Anything else (a number, say) is for the general path,
// which has its own way of spelling it.
bool ListParser::textField(QString *out, bool intern)
{
    if (m_json.peek() == 'n')
        return m_json.literal("null"sv);
    JsonScanner::String raw;
    if (!m_json.string(&raw))
        return false;
    *out = intern ? interned(raw) : JsonScanner::decode(raw);
    return true;
}

// Tags: a list of strings (null and empty entries skipped), one string, or null. The old object shape
// and odd values are for the general path.
bool ListParser::tags(QStringList *out)
{
    const char next = m_json.peek();
    if (next == 'n')
        return m_json.literal("null"sv);
    JsonScanner::String raw;
    if (next == '"') {
        if (!m_json.string(&raw))
            return false;
        if (!raw.bytes.empty())
            out->append(interned(raw));
        return true;
    }
    if (!m_json.consume('['))
        return false;
    if (m_json.consume(']'))
        return true;
    do {
        if (m_json.peek() == 'n') {
            if (!m_json.literal("null"sv))
                return false;
            continue;
        }
        if (!m_json.string(&raw))
            return false;
        if (!raw.bytes.empty())
            out->append(interned(raw));
    } while (m_json.consume(','));
    return m_json.consume(']');
}

QString ListParser::interned(const JsonScanner::String &raw)
{
    if (raw.escaped)
        return JsonScanner::decode(raw);
    auto it = m_strings.find(raw.bytes);
    if (it == m_strings.end())
        it = m_strings.emplace(raw.bytes, JsonScanner::decode(raw)).first;
    return it->second;
}

} // namespace

std::optional<SandboxList> SandboxListReader::read(QByteArrayView body)
{
    if (body.size() > maxBodySize)
        return std::nullopt;
    SandboxList list;
    // A row takes about 190 bytes: start near the final size instead of doubling up to it.
    list.sandboxes.reserve(body.size() / 256);
    ListParser parser(body);
    if (!parser.document(&list))
        return std::nullopt;
    return list;
}
