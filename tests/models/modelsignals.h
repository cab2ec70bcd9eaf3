#pragma once

#include <QAbstractItemModel>
#include <QObject>
#include <QStringList>

#include <utility>

// Records what a model announces as short strings, for compact assertions (KItemModels' approach):
// "insert 3-4", "remove 0-0", "change 2-2 c2-2", "move 5-5 to 1", "layout", "reset". Rows under a
// parent carry its row path: "insert 1/0-2" is rows 0-2 under top-level row 1.
class ModelSignals : public QObject
{
public:
    explicit ModelSignals(QAbstractItemModel *model)
    {
        using M = QAbstractItemModel;
        connect(model, &M::rowsInserted, this, [this](const QModelIndex &parent, int first, int last) {
            record(QStringLiteral("insert %1%2-%3").arg(path(parent)).arg(first).arg(last));
        });
        connect(model, &M::rowsRemoved, this, [this](const QModelIndex &parent, int first, int last) {
            record(QStringLiteral("remove %1%2-%3").arg(path(parent)).arg(first).arg(last));
        });
        connect(model, &M::rowsMoved, this,
                [this](const QModelIndex &parent, int first, int last, const QModelIndex &, int to) {
                    record(
                        QStringLiteral("move %1%2-%3 to %4").arg(path(parent)).arg(first).arg(last).arg(to));
                });
        connect(model, &M::dataChanged, this,
                [this](const QModelIndex &topLeft, const QModelIndex &bottomRight) {
                    record(QStringLiteral("change %1%2-%3 c%4-%5")
                               .arg(path(topLeft.parent()))
                               .arg(topLeft.row())
                               .arg(bottomRight.row())
                               .arg(topLeft.column())
                               .arg(bottomRight.column()));
                });
        connect(model, &M::layoutChanged, this, [this] { record(QStringLiteral("layout")); });
        connect(model, &M::modelReset, this, [this] { record(QStringLiteral("reset")); });
    }

    QStringList take() { return std::exchange(m_events, {}); }
    const QStringList &events() const { return m_events; }

private:
    static QString path(const QModelIndex &parent)
    {
        QString result;
        for (QModelIndex at = parent; at.isValid(); at = at.parent())
            result.prepend(QString::number(at.row()) + QLatin1Char('/'));
        return result;
    }
    void record(const QString &event) { m_events << event; }

    QStringList m_events;
};
