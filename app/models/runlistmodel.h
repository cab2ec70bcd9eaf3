#pragma once

#include "api/localsandbox.h"
#include "api/sandboxsummary.h"
#include "ledger/ledgerrun.h"
#include "ledger/ledgersandbox.h"
#include "runs/runmanifest.h"
#include "store/sandboxstore.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <QHash>
#include <QList>
#include <QMap>

#include <optional>

class QTimer;

// One run as the Runs view shows it: from the ledger, from a manifest read back, or only seen as the tag
// of sandboxes the account holds (a run some other machine or script made).
struct RunListEntry
{
    QString name;
    QString benchmark;
    std::optional<LedgerRunState> state; // nullopt: not in the ledger, only seen as a tag
    bool imported = false;               // read from a manifest file: shown, never acted on
    QDateTime createdAt;                 // a tag-only run: the oldest update of its sandboxes
    // A tag-only run: the listed sandboxes with its tag (no acquire time, no TTL known).
    QList<LedgerSandbox> sandboxes;
    int failedAcquires = 0;
    RunRecord record; // the whole record of a ledger or imported run, for its manifest

    bool inLedger() const { return state.has_value() && !imported; }
};

// The runs of the ledger, the manifests imported in this session and the tags of held sandboxes, newest
// first, one row each. Fed by the page (a ledger read, a list refresh); applied as a diff keyed by the
// run's name (and whether it was imported), so selection and scroll survive. Time left counts down live:
// one timer per model, ticking each second only while a view shows it.
class RunListModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunListModel)

public:
    enum Column
    {
        NameColumn,
        BenchmarkColumn,
        StateColumn,
        SandboxesColumn,
        AgeColumn,
        TimeLeftColumn,
        ColumnCount
    };
    enum Role
    {
        RunNameRole = Qt::UserRole + 1,
        ImportedRole, // bool
        InLedgerRole, // bool
    };

    explicit RunListModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The ledger's runs (RunManifest::load of each), replacing what an earlier read gave.
    void setLedgerRecords(const QList<RunRecord> &records);
    // What the session's stores hold now: the status of each sandbox, and the run tags of the held Klavis
    // ones. The tags of 100,000 sandboxes are gathered on a worker; runsFound() follows when they are in.
    void setListedSandboxes(KlavisSandboxStore::SnapshotPointer klavis,
                            LocalSandboxStore::SnapshotPointer local);

    // A manifest read back: shown read-only, marked imported, beside a ledger run of the same name.
    void addImported(const RunRecord &record);

    const RunListEntry *entryAt(int row) const;
    int rowOf(const QString &name, bool imported = false) const;

    // A sandbox's status in words: "released", the list's status ("occupied"), or "held" when the lists
    // do not show it.
    QString sandboxStatus(const LedgerSandbox &sandbox) const;
    // "12 occupied, 2 failed, 16 released".
    QString statusCountsText(const RunListEntry &entry) const;
    // The nearest end of a TTL among the run's held sandboxes; invalid when none has one.
    static QDateTime nearestExpiry(const RunListEntry &entry);
    // "1 h 05 min", "4 min 09 s", "12 s", "expired"; empty for an invalid expiry.
    static QString timeLeftText(const QDateTime &expiresAt, const QDateTime &now);
    static QString stateText(const RunListEntry &entry);
    // The provider as the Runs view names it ("Klavis universe"); the ledger's word is for files and the CLI.
    static QString providerName(LedgerProvider provider);

    // The countdown runs only while a view shows the model: the page turns it on when shown.
    void setTicking(bool ticking);
    bool isTicking() const;

signals:
    // A second passed while ticking: the Age and Time left cells changed.
    void ticked();
    // The tag-only runs of the last listed sandboxes are in the rows.
    void runsFound();

private:
    void rebuild();
    void findTaggedRuns();
    void apply(QList<RunListEntry> fresh);
    static QString key(const RunListEntry &entry);
    static RunListEntry fromRecord(const RunRecord &record, bool imported);

    QList<RunListEntry> m_rows;
    QList<RunRecord> m_ledgerRecords;
    QList<RunRecord> m_imported;
    KlavisSandboxStore::SnapshotPointer m_klavis;
    LocalSandboxStore::SnapshotPointer m_local;
    QMap<QString, RunListEntry> m_tagged; // the tag-only runs of m_klavis, by tag
    bool m_findingTags = false;
    QTimer *m_ticker;
};
