#pragma once

// What the SandboxListModel suites share: a model (with QAbstractItemModelTester watching it) made for each
// test, the reference time its ages count from, and the sandboxes they give it.

#include "models/sandboxlistmodel.h"

#include <QAbstractItemModelTester>
#include <QTest>

#include <memory>

namespace SandboxListTest {

using namespace Qt::StringLiterals;

inline const QDateTime now(QDate(2026, 2, 16), QTime(12, 0), Qt::UTC);

inline SandboxSummary sandbox(const QString &server, const QString &id, const QString &status = u"idle"_s,
                              const QString &benchmark = {}, const QStringList &tags = {},
                              const QDateTime &updated = {})
{
    SandboxSummary s;
    s.serverName = server;
    s.sandboxId = id;
    s.status = status;
    s.benchmark = benchmark;
    s.tags = tags;
    s.updatedAt = updated;
    s.updatedAtText = updated.isValid() ? updated.toString(Qt::ISODate) : QString();
    return s;
}

inline QStringList ids(const QAbstractItemModel &model)
{
    QStringList result;
    for (int row = 0; row < model.rowCount(); ++row)
        result << model.index(row, SandboxListModel::SandboxIdColumn).data().toString();
    return result;
}

class SandboxListModelFixture
{
protected:
    SandboxListModel *m_model = nullptr;
    std::unique_ptr<QAbstractItemModelTester> m_tester;

    // For init(): the model belongs to `owner`, the test object.
    void createModel(QObject *owner)
    {
        m_model = new SandboxListModel(owner);
        m_model->setReferenceTime(now);
        m_tester = std::make_unique<QAbstractItemModelTester>(
            m_model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    }
    void destroyModel()
    {
        m_tester.reset();
        delete m_model;
    }
};

} // namespace SandboxListTest
