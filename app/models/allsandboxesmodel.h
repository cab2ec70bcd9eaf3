#pragma once

#include "models/allsandboxrow.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QPointer>
#include <QSet>

#include <functional>
#include <optional>
#include <vector>

// Every sandbox of every connected provider in one flat table: Klavis sandboxes, Klavis local sandboxes
// and Blaxel sandboxes, each read from the model its own view uses. A change in a source is applied a
// moment later (changes in one event-loop turn coalesce) as a diff keyed by provider and id, never as a
// reset, so selection and sort survive polling in any of them.
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

    // Reads top-level row `row` of a source model into a row of this one; nullopt skips it.
    using RowReader = std::function<std::optional<AllSandboxRow>(const QAbstractItemModel &, int row)>;

    explicit AllSandboxesModel(QObject *parent = nullptr);
    ~AllSandboxesModel() override;

    // Lists the top-level rows of `source` as `provider`'s. One source per provider; a second call for a
    // provider replaces the first.
    void setSource(AllSandboxRow::Provider provider, QAbstractItemModel *source, RowReader reader);
    // The profile a provider's rows belong to, for the Profile column; empty when none is connected.
    void setProfileName(AllSandboxRow::Provider provider, const QString &name);
    QString profileName(AllSandboxRow::Provider provider) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    const AllSandboxRow &rowAt(int row) const { return m_rows[size_t(row)]; }
    // The changed sources' current rows, now, instead of at the next event-loop turn.
    void syncNow();
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
    struct Source
    {
        QPointer<QAbstractItemModel> model;
        RowReader reader;
        QList<QMetaObject::Connection> connections;
    };

    void scheduleSync(AllSandboxRow::Provider provider);
    std::vector<AllSandboxRow> readSource(AllSandboxRow::Provider provider) const;
    // True when a row was removed, changed or added.
    bool applyRows(AllSandboxRow::Provider provider, std::vector<AllSandboxRow> rows);
    void removeRowsNotIn(AllSandboxRow::Provider provider,
                         const QHash<QString, const AllSandboxRow *> &wanted);
    static QString identity(const AllSandboxRow &row);

    QHash<int, Source> m_sources; // by int(Provider)
    QHash<int, QString> m_profiles;
    std::vector<AllSandboxRow> m_rows;
    QDateTime m_referenceTime;
    QHash<int, QSet<QString>> m_statuses; // by int(Provider): its rows' status words, trimmed
    QSet<int> m_dirty;                    // providers whose source changed since the last sync
    bool m_syncScheduled = false;
};
