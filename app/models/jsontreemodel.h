#pragma once

#include <QAbstractItemModel>
#include <QJsonValue>

#include <memory>
#include <vector>

// A read-only tree over one JSON value (a dump, a tool's structured result). Nodes are made only when a
// view asks for them, one row at a time: a 60 MB dump opens with one node per visible row, not one per
// value. Parse the text off the GUI thread (parse()) and hand the value over.
class JsonTreeModel final : public QAbstractItemModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(JsonTreeModel)

public:
    enum Column
    {
        KeyColumn,
        ValueColumn,
        TypeColumn,
        ColumnCount
    };
    enum Role
    {
        // The node's value as JSON (QJsonValue in a QVariant), for copying.
        JsonValueRole = Qt::UserRole + 1,
        PathRole,
    };
    // A value's preview is cut here: a multi-megabyte string is copied, not painted.
    static constexpr int previewLength = 200;

    explicit JsonTreeModel(QObject *parent = nullptr);
    ~JsonTreeModel() override;

    void setJson(const QJsonValue &root);
    QJsonValue json() const { return m_root; }
    // How many nodes exist: the laziness made measurable.
    qsizetype nodeCount() const { return m_nodeCount; }

    // "$.repos[0].name"; keys that are not plain identifiers are quoted: $["a key"].
    QString pathOf(const QModelIndex &index) const;
    QJsonValue valueOf(const QModelIndex &index) const;
    // The rows from the top down to the value at `rows` (as search() gives them), made as needed.
    QModelIndex indexOfRows(const QList<int> &rows) const;

    // What a search for `needle` (case-insensitive, in keys and scalar values) finds, in document order,
    // as row paths, at most `limit` of them. Reads only the value: safe to run on a worker thread.
    static QList<QList<int>> search(const QJsonValue &root, const QString &needle, int limit);
    // The text parsed (any JSON value, a lone 42 too), or Undefined and an error "line 3, column 7: …".
    // Safe on a worker thread.
    static QJsonValue parse(const QByteArray &text, QString *error);
    // One line for a value: strings as they are (control characters made visible), containers as their
    // size ("{3}", "[12]"), cut at previewLength.
    static QString preview(const QJsonValue &value);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    bool hasChildren(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Node;
    Node *nodeOf(const QModelIndex &index) const;
    Node *childOf(Node *parent, int row) const;
    static int childCount(const QJsonValue &value);

    QJsonValue m_root;
    std::unique_ptr<Node> m_top;
    mutable qsizetype m_nodeCount = 0;
};
