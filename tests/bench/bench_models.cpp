// Times the sandbox list pipeline on a generated 100,000-sandbox list (about 20 MB of JSON): parsing,
// decoding, applying to the model, refreshing with and without changes (with the row signals they send),
// and filter keystrokes through the sorted proxy, each beside its baseline (QJsonDocument, a bare simdjson
// walk, QSortFilterProxyModel). Prints figures only (best of 5, milliseconds).
//
//   bench_models [rows] [--load-only]   (--load-only stops after the refreshes, for profiling)

#include "api/klavisdecoder.h"
#include "api/sandboxlistreader.h"
#include "catalog/serverlists.h"
#include "models/sandboxfiltercriteria.h"
#include "models/sandboxfilterproxy.h"
#include "models/sandboxlistmodel.h"

#include "benchrandom.h"
#include "peakmemory.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSortFilterProxyModel>

#include <simdjson.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <limits>
#include <memory>
#include <type_traits>

using namespace Qt::StringLiterals;

namespace {

const char *const tagWords[] = {"nightly",  "team-a", "team-b",  "ci",   "smoke", "eval",
                                "run-17",   "run-18", "ana",     "bo",   "gpu",   "baseline",
                                "ablation", "prod",   "staging", "debug"};
const char *const offsets[] = {"-08:00", "+00:00", "+05:30", "Z", "-05:00", "+01:00"};

QByteArray uuid(BenchRandom &random)
{
    const QByteArray hex = QByteArray::number(random.next(), 16).rightJustified(16, '0') +
                           QByteArray::number(random.next(), 16).rightJustified(16, '0');
    return hex.mid(0, 8) + '-' + hex.mid(8, 4) + '-' + hex.mid(12, 4) + '-' + hex.mid(16, 4) + '-' +
           hex.mid(20, 12);
}

QByteArray makeListJson(int rows, BenchRandom &random)
{
    // The first 70 servers, as when the list was written: the same seed then gives the same document.
    QList<QByteArray> serverNames;
    for (const QString &name : ServerLists::sandboxServers().first(70))
        serverNames.append(name.toUtf8());
    const QDateTime base(QDate(2026, 2, 16), QTime(12, 0), Qt::UTC);
    QByteArray json = "{\"sandboxes\":[";
    json.reserve(rows * 220);
    for (int i = 0; i < rows; ++i) {
        const int statusPick = int(random.below(100));
        const char *status = statusPick < 50   ? "idle"
                             : statusPick < 90 ? "occupied"
                             : statusPick < 97 ? "error"
                                               : "pending";
        const int benchPick = int(random.below(4));
        const char *benchmarks[] = {"\"MCP_Atlas\"", "\"Toolathlon\"", "\"MCP_Mark\"", "null"};
        QByteArray tags = "[";
        for (int t = int(random.below(4)); t > 0; --t)
            tags += QByteArray(tags.size() > 1 ? "," : "") + '"' + tagWords[random.below(16)] + '"';
        tags += ']';
        const char *offset = offsets[random.below(6)];
        const QDateTime when = base.addSecs(-qint64(random.below(30 * 86400)));
        const int offsetSeconds =
            offset[0] == 'Z' ? 0
                             : (offset[0] == '-' ? -1 : 1) * (QByteArray(offset + 1, 2).toInt() * 3600 +
                                                              QByteArray(offset + 4, 2).toInt() * 60);
        const QByteArray stamp = when.addSecs(offsetSeconds).toString(u"yyyy-MM-ddTHH:mm:ss"_s).toLatin1() +
                                 '.' + QByteArray::number(random.below(1000000)).rightJustified(6, '0') +
                                 offset;
        if (i > 0)
            json += ",\n";
        json += "{\"sandbox_id\":\"" + uuid(random) + "\",\"server_name\":\"" +
                serverNames[qsizetype(random.below(70))] + "\",\"status\":\"" + status +
                "\",\"benchmark\":" + benchmarks[benchPick] + ",\"tags\":" + tags + ",\"updated_at\":\"" +
                stamp + "\"}";
    }
    json += "],\"total_count\":" + QByteArray::number(rows) + '}';
    return json;
}

double bestOf(int runs, const std::function<void()> &setup, const std::function<void()> &work)
{
    double best = std::numeric_limits<double>::max();
    for (int i = 0; i < runs; ++i) {
        setup();
        QElapsedTimer timer;
        timer.start();
        work();
        best = std::min(best, double(timer.nsecsElapsed()) / 1e6);
    }
    return best;
}

// Counts the row-level signals a model emits.
struct SignalCount
{
    int inserted = 0, removed = 0, changed = 0, reset = 0, layout = 0, moved = 0;
    explicit SignalCount(QAbstractItemModel *model)
    {
        QObject::connect(model, &QAbstractItemModel::rowsInserted, model, [this] { ++inserted; });
        QObject::connect(model, &QAbstractItemModel::rowsRemoved, model, [this] { ++removed; });
        QObject::connect(model, &QAbstractItemModel::dataChanged, model, [this] { ++changed; });
        QObject::connect(model, &QAbstractItemModel::modelReset, model, [this] { ++reset; });
        QObject::connect(model, &QAbstractItemModel::layoutChanged, model, [this] { ++layout; });
        QObject::connect(model, &QAbstractItemModel::rowsMoved, model, [this] { ++moved; });
    }
    int total() const { return inserted + removed + changed + reset + layout + moved; }
    void print(const char *label) const
    {
        std::printf("  %-34s %d (inserted %d, removed %d, dataChanged %d, moved %d, reset %d, layout %d)\n",
                    label, total(), inserted, removed, changed, moved, reset, layout);
    }
};

// The base list with 1% of statuses flipped, 0.5% removed and 0.5% new rows, spread through the list.
// With `touch`, a changed row's updated_at moves to now as well, as the API reports it: under a proxy
// sorted by Updated, each such row moves to the top.
QList<SandboxSummary> churn(const QList<SandboxSummary> &base, BenchRandom &random, bool touch = false)
{
    const QDateTime now(QDate(2026, 2, 16), QTime(12, 5), Qt::UTC);
    QList<SandboxSummary> result;
    result.reserve(base.size());
    for (const SandboxSummary &row : base) {
        const int pick = random.below(1000);
        if (pick < 5)
            continue;
        result.append(row);
        if (pick < 15) {
            result.back().status = row.status == u"idle"_s ? u"occupied"_s : u"idle"_s;
            if (touch) {
                result.back().updatedAt = now.addMSecs(pick);
                result.back().updatedAtText = result.back().updatedAt.toString(Qt::ISODateWithMs);
            }
        }
    }
    for (qsizetype i = 0, extra = base.size() / 200; i < extra; ++i) {
        SandboxSummary row = base[random.below(int(base.size()))];
        row.sandboxId = QString::fromLatin1(uuid(random));
        result.append(row);
    }
    return result;
}

// What simdjson On-Demand itself takes on the document: every row's fields reached and strings unescaped,
// without the QStrings, timestamps and checks SandboxListReader adds. Returns the rows seen.
int simdjsonWalk(const QByteArray &json)
{
    namespace ondemand = simdjson::ondemand;
    const simdjson::padded_string padded(json.constData(), size_t(json.size()));
    ondemand::parser parser;
    ondemand::document document;
    ondemand::array rows;
    if (parser.iterate(padded).get(document) || document.find_field("sandboxes").get_array().get(rows))
        return -1;
    int count = 0;
    for (auto row : rows) {
        ondemand::object object;
        if (row.get_object().get(object))
            return -1;
        for (auto field : object) {
            ondemand::value value;
            ondemand::json_type type;
            if (field.value().get(value) || value.type().get(type))
                return -1;
            std::string_view text;
            if (type == ondemand::json_type::string && value.get_string().get(text))
                return -1;
            if (type == ondemand::json_type::array)
                for (auto tag : value.get_array())
                    if (tag.get_string().get(text))
                        return -1;
        }
        ++count;
    }
    return count;
}

// The baseline the flat proxy claims to beat: QSortFilterProxyModel with the same row predicate and the
// same comparator, so that only the proxies' own bookkeeping differs.
class BaselineProxy : public QSortFilterProxyModel
{
public:
    void setSearchText(const QString &text)
    {
        m_criteria.setSearchText(text.trimmed());
        invalidateRowsFilter();
    }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &) const override
    {
        return m_criteria.accepts(list(), sourceRow);
    }
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override
    {
        return list().compareRows(left.row(), right.row(), left.column()) < 0;
    }

private:
    const SandboxListModel &list() const { return *static_cast<const SandboxListModel *>(sourceModel()); }

    SandboxFilterCriteria m_criteria;
};

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int rows = argc > 1 ? QByteArray(argv[1]).toInt() : 100000;
    constexpr int runs = 5;
    BenchRandom random(20260216);
    const QByteArray json = makeListJson(rows, random);
    std::printf("bench_models: %d sandboxes, %.1f MB of JSON, best of %d\n", rows, json.size() / 1e6, runs);

    const double parse = bestOf(
        runs, [] {}, [&] { QJsonDocument::fromJson(json); });
    std::printf("  %-34s %8.1f ms\n", "QJsonDocument::fromJson", parse);

    std::unique_ptr<SandboxListModel> model;
    QList<SandboxSummary> snapshot;
    // Setups drop the previous run's results, so that freeing them is not timed.
    const double load = bestOf(
        runs,
        [&] {
            model = std::make_unique<SandboxListModel>();
            snapshot.clear();
        },
        [&] {
            snapshot = KlavisDecoder::sandboxList(json)->sandboxes;
            model->applySnapshot(snapshot);
        });
    std::printf("  %-34s %8.1f ms  (%.2fx fromJson, target <= 2.0)\n", "decode + apply into empty model",
                load, load / parse);
    QList<SandboxSummary> decoded;
    const double decode = bestOf(
        runs, [&] { decoded.clear(); }, [&] { decoded = KlavisDecoder::sandboxList(json)->sandboxes; });
    decoded.clear();
    std::printf("  %-34s %8.1f ms  (%s)\n", "  of which decode", decode,
                SandboxListReader::read(json) ? "SandboxListReader" : "QJsonDocument path");
    // The decoder's general path, for comparison: QJsonDocument and the same building blocks.
    const double general = bestOf(
        runs, [&] { decoded.clear(); },
        [&] {
            const QJsonArray items = QJsonDocument::fromJson(json).object().value("sandboxes"_L1).toArray();
            decoded.reserve(items.size());
            for (const QJsonValue &item : items) {
                SandboxSummary summary;
                if (KlavisDecoder::readSummary(item.toObject(), &summary))
                    decoded.append(std::move(summary));
            }
        });
    decoded.clear();
    std::printf("  %-34s %8.1f ms\n", "  (general path: QJsonDocument)", general);
    int walked = 0;
    const double walk = bestOf(
        runs, [] {}, [&] { walked = simdjsonWalk(json); });
    std::printf("  %-34s %8.1f ms  (%d rows)\n", "  (bare simdjson On-Demand walk)", walk, walked);
    const double apply = bestOf(
        runs, [&] { model = std::make_unique<SandboxListModel>(); }, [&] { model->applySnapshot(snapshot); });
    std::printf("  %-34s %8.1f ms\n", "  of which apply", apply);

    {
        SignalCount count(model.get());
        const double same = bestOf(
            runs, [] {}, [&] { model->applySnapshot(snapshot); });
        std::printf("  %-34s %8.1f ms\n", "re-apply identical snapshot", same);
        count.print("  row signals over all runs");
    }

    if (argc > 2 && QByteArray(argv[2]) == "--load-only")
        return 0;
    const QList<SandboxSummary> changed = churn(snapshot, random);
    {
        std::unique_ptr<SignalCount> count;
        const double time = bestOf(
            runs,
            [&] {
                model = std::make_unique<SandboxListModel>();
                model->applySnapshot(snapshot);
                count = std::make_unique<SignalCount>(model.get());
            },
            [&] { model->applySnapshot(changed); });
        std::printf("  %-34s %8.1f ms\n", "re-apply 1% changed, 0.5% -/+", time);
        count->print("  row signals (one run)");
    }
    {
        std::unique_ptr<SandboxFilterProxy> proxy;
        std::unique_ptr<SignalCount> count;
        // A fresh model and proxy sorted the way the table starts, then one refresh with `next`.
        const auto throughProxy = [&](const char *label, const QList<SandboxSummary> &next) {
            const double time = bestOf(
                runs,
                [&] {
                    count.reset();
                    proxy.reset();
                    model = std::make_unique<SandboxListModel>();
                    model->applySnapshot(snapshot);
                    proxy = std::make_unique<SandboxFilterProxy>();
                    proxy->setSourceModel(model.get());
                    proxy->sort(SandboxListModel::UpdatedColumn, Qt::DescendingOrder);
                    count = std::make_unique<SignalCount>(proxy.get());
                },
                [&] { model->applySnapshot(next); });
            std::printf("  %-34s %8.1f ms\n", label, time);
            count->print("    proxy signals (one run)");
        };
        throughProxy("  same, through a sorted proxy", changed);
        throughProxy("  with updated_at moved, sorted", churn(snapshot, random, true));
        throughProxy("  identical, sorted proxy", snapshot);

        const auto typeTime = [&](const QString &text) {
            return bestOf(
                runs,
                [&] {
                    proxy->setSearchText({});
                    proxy->setSearchText(text.chopped(1));
                },
                [&] { proxy->setSearchText(text); });
        };
        const double first = typeTime(u"gith"_s);
        const int shownFirst = proxy->acceptedCount();
        const double second = typeTime(u"githu"_s);
        std::printf("  %-34s %8.1f ms  (%d shown)\n", "keystroke \"git\" -> \"gith\", sorted", first,
                    shownFirst);
        std::printf("  %-34s %8.1f ms  (%d shown, target < 50)\n", "keystroke \"gith\" -> \"githu\", sorted",
                    second, proxy->acceptedCount());
        const double fromEmpty = bestOf(
            runs, [&] { proxy->setSearchText({}); }, [&] { proxy->setSearchText(u"g"_s); });
        std::printf("  %-34s %8.1f ms  (%d shown, target < 50)\n", "keystroke \"\" -> \"g\", sorted",
                    fromEmpty, proxy->acceptedCount());
        const double clear = bestOf(
            runs, [&] { proxy->setSearchText(u"githu"_s); }, [&] { proxy->setSearchText({}); });
        std::printf("  %-34s %8.1f ms  (%d shown, target < 50)\n", "clear \"githu\" -> \"\", sorted", clear,
                    proxy->acceptedCount());
        const double status = bestOf(
            runs, [&] { proxy->setStatusFilter({}); }, [&] { proxy->setStatusFilter(u"error"_s); });
        std::printf("  %-34s %8.1f ms  (%d shown)\n", "status filter \"\" -> \"error\"", status,
                    proxy->acceptedCount());
        proxy->setStatusFilter({});
        const double resort = bestOf(
            runs, [&] { proxy->sort(SandboxListModel::ServerColumn); },
            [&] { proxy->sort(SandboxListModel::UpdatedColumn, Qt::DescendingOrder); });
        std::printf("  %-34s %8.1f ms\n", "sort all rows by Updated", resort);
    }
    {
        // The same refresh and keystroke through each proxy, over a fresh model sorted the way the table
        // starts: what the flat proxy's bookkeeping saves over QSortFilterProxyModel's.
        struct Figures
        {
            double refresh, keystroke;
            int shown;
        };
        const auto measure = [&]<typename Proxy>(std::type_identity<Proxy>) {
            std::unique_ptr<Proxy> proxy;
            const auto fresh = [&] {
                proxy.reset();
                model = std::make_unique<SandboxListModel>();
                model->applySnapshot(snapshot);
                proxy = std::make_unique<Proxy>();
                proxy->setSourceModel(model.get());
                proxy->sort(SandboxListModel::UpdatedColumn, Qt::DescendingOrder);
            };
            Figures figures{};
            figures.refresh = bestOf(runs, fresh, [&] { model->applySnapshot(changed); });
            fresh();
            figures.keystroke = bestOf(
                runs, [&] { proxy->setSearchText({}); }, [&] { proxy->setSearchText(u"g"_s); });
            figures.shown = proxy->rowCount();
            return figures;
        };
        const Figures flat = measure(std::type_identity<SandboxFilterProxy>{});
        const Figures baseline = measure(std::type_identity<BaselineProxy>{});
        std::printf("  %-34s %8s    %s\n", "flat proxy vs QSortFilterProxyModel", "flat",
                    "QSortFilterProxyModel");
        std::printf("  %-34s %8.1f ms %8.1f ms  (%d / %d shown)\n", "  keystroke \"\" -> \"g\", sorted",
                    flat.keystroke, baseline.keystroke, flat.shown, baseline.shown);
        std::printf("  %-34s %8.1f ms %8.1f ms\n", "  refresh 1% changed, 0.5% -/+", flat.refresh,
                    baseline.refresh);
    }
    std::printf("  %-34s %8.1f MB\n", "peak RSS", double(PeakMemory::kib()) / 1024.0);
    return 0;
}
