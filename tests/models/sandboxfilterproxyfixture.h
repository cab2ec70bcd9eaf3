#pragma once

// What the SandboxFilterProxy suites share: a model and the proxy over it (both watched by
// QAbstractItemModelTester, the counts by a spy) made for each test, seeded rows, and what the proxy must
// show worked out the slow way.

#include "models/sandboxfilterproxy.h"
#include "models/sandboxlistmodel.h"
#include "proxyoracle.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>
#include <functional>
#include <memory>

namespace FilterProxyTest {

using namespace Qt::StringLiterals;

inline const QStringList servers{u"github"_s, u"jira"_s, u"Cal.com"_s, u"cal.com"_s, u"slack"_s};
inline const QStringList statuses{u"idle"_s, u"occupied"_s, u"error"_s, u"hibernating"_s};
inline const QStringList benchmarks{u"MCP_Atlas"_s, u"Toolathlon"_s, {}};
inline const QStringList tagWords{u"nightly"_s, u"team-a"_s, u"team-b"_s, u"ci"_s};

inline QList<SandboxSummary> randomList(quint64 &random, int count, int idRange)
{
    QList<SandboxSummary> list;
    const auto pick = [&](const QStringList &from) {
        return from[int(nextRandom(random) % quint64(from.size()))];
    };
    for (int i = 0; i < count; ++i) {
        QStringList tags;
        for (quint64 t = nextRandom(random) % 3; t > 0; --t)
            tags << pick(tagWords);
        // Drawn one by one, in the order gcc evaluated the arguments when this list was written: the order of
        // evaluation of a call's arguments is unspecified, and clang drew another list.
        const int age = int(nextRandom(random) % 50);
        const QString benchmark = pick(benchmarks);
        const QString status = pick(statuses);
        const QString id = u"id-%1"_s.arg(nextRandom(random) % quint64(idRange));
        const QString server = pick(servers);
        list << sandbox(server, id, status, benchmark, tags, age);
    }
    return list;
}

class SandboxFilterProxyFixture
{
protected:
    SandboxListModel *m_model = nullptr;
    SandboxFilterProxy *m_proxy = nullptr;
    std::unique_ptr<QAbstractItemModelTester> m_modelTester;
    std::unique_ptr<QAbstractItemModelTester> m_proxyTester;
    std::unique_ptr<QSignalSpy> m_counts;

    QStringList shownIds() const
    {
        QStringList result;
        for (int row = 0; row < m_proxy->rowCount(); ++row)
            result << m_proxy->index(row, 0).data(SandboxListModel::SandboxIdRole).toString();
        return result;
    }

    // What the proxy must show, worked out the slow way: the rows the criteria accept, stably sorted.
    QStringList expectedIds(const std::function<bool(const SandboxSummary &)> &accepts, int column,
                            Qt::SortOrder order) const
    {
        std::vector<int> rows;
        for (int row = 0; row < m_model->rowCount(); ++row)
            if (accepts(m_model->sandboxAt(row)))
                rows.push_back(row);
        if (column >= 0) {
            std::stable_sort(rows.begin(), rows.end(), [&](int a, int b) {
                const int c = m_model->compareRows(a, b, column);
                return order == Qt::AscendingOrder ? c < 0 : c > 0;
            });
        }
        QStringList result;
        for (const int row : rows)
            result << m_model->sandboxAt(row).sandboxId;
        return result;
    }

    std::function<bool(const SandboxSummary &)> currentCriteria() const
    {
        const QString needle = m_proxy->searchText().toLower();
        const QString status = m_proxy->statusFilter();
        const QString server = m_proxy->serverFilter();
        const QString benchmark = m_proxy->benchmarkFilter();
        const QString tag = m_proxy->tagFilter();
        return [=](const SandboxSummary &s) {
            const bool text = needle.isEmpty() || s.serverName.toLower().contains(needle) ||
                              s.sandboxId.toLower().contains(needle) || s.status.toLower().contains(needle) ||
                              s.benchmark.toLower().contains(needle) ||
                              std::any_of(s.tags.begin(), s.tags.end(),
                                          [&](const QString &t) { return t.toLower().contains(needle); });
            return text && (status.isEmpty() || s.status == status) &&
                   (server.isEmpty() || s.serverName.compare(server, Qt::CaseInsensitive) == 0) &&
                   (benchmark.isEmpty() || s.benchmark == benchmark) &&
                   (tag.isEmpty() || s.tags.contains(tag));
        };
    }

    void verifyShown()
    {
        QCOMPARE(shownIds(), expectedIds(currentCriteria(), m_proxy->sortColumn(), m_proxy->sortOrder()));
        QCOMPARE(m_proxy->acceptedCount(), m_proxy->rowCount());
        QCOMPARE(m_proxy->totalCount(), m_model->rowCount());
        QVERIFY(!m_counts->isEmpty());
        QCOMPARE(m_counts->last().value(0).toInt(), m_proxy->rowCount());
        QCOMPARE(m_counts->last().value(1).toInt(), m_model->rowCount());
        for (int row = 0; row < m_proxy->rowCount(); ++row) {
            const QModelIndex source = m_proxy->mapToSource(m_proxy->index(row, 2));
            QCOMPARE(m_proxy->mapFromSource(source), m_proxy->index(row, 2));
        }
    }

    // For init(): both belong to `owner`, the test object.
    void createProxy(QObject *owner)
    {
        m_model = new SandboxListModel(owner);
        m_proxy = new SandboxFilterProxy(owner);
        m_counts = std::make_unique<QSignalSpy>(m_proxy, &SandboxFilterProxy::countsChanged);
        m_modelTester = std::make_unique<QAbstractItemModelTester>(
            m_model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_proxyTester = std::make_unique<QAbstractItemModelTester>(
            m_proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_proxy->setSourceModel(m_model);
    }
    void destroyProxy()
    {
        m_proxyTester.reset();
        m_modelTester.reset();
        m_counts.reset();
        delete m_proxy;
        delete m_model;
    }
};

} // namespace FilterProxyTest
