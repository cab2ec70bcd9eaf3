// UniverseListModel under QAbstractItemModelTester: the catalogue set, replaced and emptied, and what each
// cell, tooltip and role shows, server text included.

#include "models/universelistmodel.h"
#include "modelsignals.h"

#include <QAbstractItemModelTester>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;

namespace {

Universe universe(const QString &id, const QString &name, const QString &domain, int tasks, int personas,
                  const QString &description = {})
{
    Universe u;
    u.id = id;
    u.name = name;
    u.domain = domain;
    u.description = description;
    for (int task = 1; task <= tasks; ++task)
        u.taskNumbers << QString::number(task);
    for (int persona = 0; persona < personas; ++persona)
        u.personas << QMap<QString, QString>{{u"name"_s, u"Persona %1"_s.arg(persona)}};
    return u;
}

QList<Universe> catalogue()
{
    return {universe(u"acme-software"_s, u"Software Development"_s, u"engineering"_s, 10, 3,
                     u"A team shipping a web app.\nIssues, chat and code."_s),
            universe(u"acme-office"_s, u"Office Administration"_s, u"office"_s, 10, 2),
            universe(u"no-name"_s, {}, {}, 0, 0)};
}

} // namespace

class TestUniverseListModel : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<UniverseListModel> m_model;
    std::unique_ptr<QAbstractItemModelTester> m_tester;

    QVariant cell(int row, int column, int role = Qt::DisplayRole) const
    {
        return m_model->index(row, column).data(role);
    }

private slots:
    void init()
    {
        m_model = std::make_unique<UniverseListModel>();
        m_tester = std::make_unique<QAbstractItemModelTester>(
            m_model.get(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    }

    void cleanup()
    {
        m_tester.reset();
        m_model.reset();
    }

    void startsEmptyWithItsHeaders()
    {
        QCOMPARE(m_model->rowCount(), 0);
        QCOMPARE(m_model->columnCount(), int(UniverseListModel::ColumnCount));
        QCOMPARE(m_model->headerData(UniverseListModel::NameColumn, Qt::Horizontal).toString(),
                 u"Universe"_s);
        QCOMPARE(m_model->headerData(UniverseListModel::DomainColumn, Qt::Horizontal).toString(),
                 u"Domain"_s);
        QCOMPARE(m_model->headerData(UniverseListModel::TasksColumn, Qt::Horizontal).toString(), u"Tasks"_s);
        QCOMPARE(m_model->headerData(UniverseListModel::PersonasColumn, Qt::Horizontal).toString(),
                 u"Personas"_s);
        QVERIFY(!m_model->headerData(0, Qt::Vertical).isValid());
        QVERIFY(!m_model->headerData(UniverseListModel::ColumnCount, Qt::Horizontal).isValid());
        QCOMPARE(m_model->universeAt(0), nullptr);
        QCOMPARE(m_model->rowOf(u"acme-software"_s), -1);
    }

    void showsEveryColumnAndRole()
    {
        ModelSignals events(m_model.get());
        m_model->setUniverses(catalogue());
        QCOMPARE(events.take(), QStringList{u"reset"_s});
        QCOMPARE(m_model->rowCount(), 3);

        QCOMPARE(cell(0, UniverseListModel::NameColumn).toString(), u"Software Development"_s);
        QCOMPARE(cell(0, UniverseListModel::DomainColumn).toString(), u"engineering"_s);
        QCOMPARE(cell(0, UniverseListModel::TasksColumn).toInt(), 10);
        QCOMPARE(cell(0, UniverseListModel::PersonasColumn).toInt(), 3);
        QCOMPARE(cell(1, UniverseListModel::PersonasColumn).toInt(), 2);
        // Counts are numbers, right-aligned; the words are left as the style puts them.
        QCOMPARE(cell(0, UniverseListModel::TasksColumn, Qt::TextAlignmentRole).value<Qt::Alignment>(),
                 Qt::AlignRight | Qt::AlignVCenter);
        QCOMPARE(cell(0, UniverseListModel::PersonasColumn, Qt::TextAlignmentRole).value<Qt::Alignment>(),
                 Qt::AlignRight | Qt::AlignVCenter);
        QVERIFY(!cell(0, UniverseListModel::NameColumn, Qt::TextAlignmentRole).isValid());

        // The description is every column's tooltip, with its line breaks.
        for (int column = 0; column < UniverseListModel::ColumnCount; ++column)
            QCOMPARE(cell(0, column, Qt::ToolTipRole).toString(),
                     u"A team shipping a web app.\nIssues, chat and code."_s);
        QCOMPARE(cell(1, UniverseListModel::DomainColumn, UniverseListModel::IdRole).toString(),
                 u"acme-office"_s);
        QCOMPARE(
            cell(0, UniverseListModel::NameColumn, UniverseListModel::SearchTextRole).toString(),
            u"Software Development\nacme-software\nengineering\nA team shipping a web app.\nIssues, chat "
            "and code."_s);

        // A universe without a name or description is shown by its id.
        QCOMPARE(cell(2, UniverseListModel::NameColumn).toString(), u"no-name"_s);
        QCOMPARE(cell(2, UniverseListModel::DomainColumn).toString(), QString());
        QCOMPARE(cell(2, UniverseListModel::TasksColumn).toInt(), 0);
        QCOMPARE(cell(2, UniverseListModel::NameColumn, Qt::ToolTipRole).toString(), u"no-name"_s);

        QCOMPARE(m_model->rowOf(u"acme-office"_s), 1);
        QCOMPARE(m_model->rowOf(u"Office Administration"_s), -1); // the id, not the name
        QVERIFY(m_model->universeAt(2));
        QCOMPARE(m_model->universeAt(2)->id, u"no-name"_s);
        QCOMPARE(m_model->universeAt(3), nullptr);
        QCOMPARE(m_model->universes().size(), 3);
        QVERIFY(!m_model->index(0, 0).data(Qt::DecorationRole).isValid());
    }

    void serverTextIsShownAsSymbols()
    {
        m_model->setUniverses({universe(u"evil"_s, u"Evil\x1b[2J\u202eUniverse"_s, u"dom\nain"_s, 1, 1,
                                        u"line one\x07\nline two"_s)});
        QCOMPARE(cell(0, UniverseListModel::NameColumn).toString(), u"Evil\u241b[2J\\u202EUniverse"_s);
        QCOMPARE(cell(0, UniverseListModel::DomainColumn).toString(), u"dom\u240aain"_s);
        QCOMPARE(cell(0, UniverseListModel::NameColumn, Qt::ToolTipRole).toString(),
                 u"line one\u2407\nline two"_s);
        // What the search and the verbs use stays as the server sent it.
        QCOMPARE(cell(0, UniverseListModel::NameColumn, UniverseListModel::IdRole).toString(), u"evil"_s);
        QVERIFY(cell(0, UniverseListModel::NameColumn, UniverseListModel::SearchTextRole)
                    .toString()
                    .startsWith(u"Evil\x1b[2J\u202eUniverse\n"_s));
    }

    void aNewCatalogueReplacesTheOldOne()
    {
        m_model->setUniverses(catalogue());
        const QPersistentModelIndex office = m_model->index(1, 0);
        ModelSignals events(m_model.get());
        m_model->setUniverses({universe(u"acme-support"_s, u"Customer Support"_s, u"support"_s, 10, 4)});
        QCOMPARE(events.take(), QStringList{u"reset"_s});
        QVERIFY(!office.isValid()); // a reset drops what pointed into the old list
        QCOMPARE(m_model->rowCount(), 1);
        QCOMPARE(cell(0, UniverseListModel::NameColumn).toString(), u"Customer Support"_s);
        QCOMPARE(cell(0, UniverseListModel::PersonasColumn).toInt(), 4);
        QCOMPARE(m_model->rowOf(u"acme-software"_s), -1);

        m_model->setUniverses({});
        QCOMPARE(events.take(), QStringList{u"reset"_s});
        QCOMPARE(m_model->rowCount(), 0);
        QCOMPARE(m_model->rowOf(u"acme-support"_s), -1);
    }
};

QTEST_GUILESS_MAIN(TestUniverseListModel)
#include "tst_universelistmodel.moc"
