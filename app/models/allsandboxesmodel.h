#pragma once

#include "models/allsandboxrow.h"
#include "store/sandboxstore.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QPointer>
#include <QSet>

#include <array>
#include <memory>
#include <vector>

class AllSandboxesApplier;

// Every sandbox of every connected provider in one flat table: Klavis sandboxes, Klavis local sandboxes and
// Blaxel sandboxes, read from the session's stores (the same lists every other view reads). The rows of each
// provider form one block (Klavis, then local, then Blaxel). When a store publishes, that provider's rows are
// built and compared with what the block shows on a worker thread; the GUI thread only applies the result as
// a diff keyed by identity (removed runs, changed runs, new rows appended), never as a reset, so selection
// and sort survive, and 100,000 sandboxes never hold the GUI thread for the reading or the comparing.
class AllSandboxesModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AllSandboxesModel)

public:
    enum Column
    {
        ProviderColumn,
        NameColumn,
        StatusColumn,
        DetailColumn,
        ProfileColumn,
        WhenColumn, // updated (Klavis) or created (local, Blaxel), as an age
        ColumnCount
    };
    Q_ENUM(Column)

    enum Role
    {
        ProviderRole = Qt::UserRole + 1, // int(AllSandboxRow::Provider)
        IdRole,
        ServerNameRole,
        StatusRole,
        StatusKindRole, // StatusKind::Kind, for the status delegate's colour
        BusyRole,
        SortRole // the cell's real value: QDateTime for When, lower-cased text else
    };
    Q_ENUM(Role)

    explicit AllSandboxesModel(QObject *parent = nullptr);
    ~AllSandboxesModel() override;

    // The stores whose sandboxes are listed; a null one lists none of that provider.
    void setStores(const KlavisSandboxStore *klavis, const LocalSandboxStore *local,
                   const BlaxelSandboxStore *blaxel);
    // The profile a provider's rows belong to, for the Profile column; empty when none is connected.
    void setProfileName(AllSandboxRow::Provider provider, const QString &name);
    QString profileName(AllSandboxRow::Provider provider) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    const AllSandboxRow &rowAt(int row) const;
    // Until every store's last list is in the rows.
    bool isSyncing() const;
    // The distinct status words of the rows, sorted, one spelling per word, for the status choice.
    QStringList knownStatuses() const;
    // How a provider is named in the Provider column and in messages.
    static QString providerName(AllSandboxRow::Provider provider);

    // The "now" that ages are measured from; an invalid time (the default) means the clock.
    void setReferenceTime(const QDateTime &now) { m_referenceTime = now; }
    // Ages go stale as time passes: the UI calls this on a timer to repaint the When column.
    void refreshAges();

signals:
    // After a sync that changed rows: a view updates its counts, status choice and verbs.
    void rowsSynced();

private:
    // The changes the workers work out are applied in steps by it, which moves the rows and sends the
    // model's signals.
    friend class AllSandboxesApplier;
    static constexpr int providerCount = 3;

    struct Block
    {
        // Shared with a worker comparing it with the store's list; only apply() changes it, and only once
        // that worker has answered.
        std::shared_ptr<std::vector<AllSandboxRow>> rows = std::make_shared<std::vector<AllSandboxRow>>();
        // A run of removed rows being closed: rows from gapStart on sit gapSize further on in `rows`.
        size_t gapStart = 0;
        size_t gapSize = 0;
        QSet<QString> statuses; // the rows' status words, trimmed
        bool queued = false;    // a worker is working out this block's change
        bool again = false;     // the store moved on while it was
        bool scheduled = false; // a sync waits for the event loop
        size_t size() const { return rows->size() - gapSize; }
        const AllSandboxRow &at(size_t i) const { return (*rows)[i < gapStart ? i : i + gapSize]; }
    };

    void scheduleSync(AllSandboxRow::Provider provider);
    void startSync(AllSandboxRow::Provider provider);
    int offsetOf(AllSandboxRow::Provider provider) const;

    QPointer<const KlavisSandboxStore> m_klavis;
    QPointer<const LocalSandboxStore> m_local;
    QPointer<const BlaxelSandboxStore> m_blaxel;
    std::array<Block, providerCount> m_blocks;
    QHash<int, QString> m_profiles;
    QDateTime m_referenceTime;
    std::unique_ptr<AllSandboxesApplier> m_applier;
};
