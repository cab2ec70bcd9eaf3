#include "models/jsontreemodel.h"

#include "json/jsonpath.h"
#include "json/jsontypename.h"

#include "models/displaytext.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

using namespace Qt::StringLiterals;

struct JsonTreeModel::Node
{
    Node *parent = nullptr;
    int row = 0;
    // An object member's key; empty for an array element (its row is its index) and the top.
    QString key;
    bool isMember = false;
    QJsonValue value;
    // Sized to the value's children on first use, each made when a view first asks for its row.
    std::vector<std::unique_ptr<Node>> children;
};

namespace {

QString scalarText(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::String:
        return value.toString();
    case QJsonValue::Double:
        return QString::number(value.toDouble(), 'g', 17);
    case QJsonValue::Bool:
        return value.toBool() ? u"true"_s : u"false"_s;
    case QJsonValue::Null:
        return u"null"_s;
    default:
        return {};
    }
}

void searchIn(const QJsonValue &value, const QString &needle, int limit, QList<int> &rows,
              QList<QList<int>> &hits)
{
    const auto visit = [&](int row, const QString &key, const QJsonValue &child) {
        rows.append(row);
        const bool keyHit = !key.isEmpty() && key.contains(needle, Qt::CaseInsensitive);
        const bool valueHit =
            !child.isObject() && !child.isArray() && scalarText(child).contains(needle, Qt::CaseInsensitive);
        if (keyHit || valueHit)
            hits.append(rows);
        if (hits.size() < limit && (child.isObject() || child.isArray()))
            searchIn(child, needle, limit, rows, hits);
        rows.removeLast();
    };
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        int row = 0;
        for (auto it = object.constBegin(); it != object.constEnd() && hits.size() < limit; ++it, ++row)
            visit(row, it.key(), it.value());
    } else if (value.isArray()) {
        const QJsonArray array = value.toArray();
        for (int row = 0; row < array.size() && hits.size() < limit; ++row)
            visit(row, {}, array.at(row));
    }
}

} // namespace

JsonTreeModel::JsonTreeModel(QObject *parent) : QAbstractItemModel(parent), m_top(std::make_unique<Node>()) {}

JsonTreeModel::~JsonTreeModel() = default;

void JsonTreeModel::setJson(const QJsonValue &root)
{
    beginResetModel();
    m_root = root;
    m_top = std::make_unique<Node>();
    m_top->value = root;
    m_nodeCount = 0;
    endResetModel();
}

int JsonTreeModel::childCount(const QJsonValue &value)
{
    if (value.isObject())
        return int(value.toObject().size());
    if (value.isArray())
        return int(value.toArray().size());
    return 0;
}

JsonTreeModel::Node *JsonTreeModel::nodeOf(const QModelIndex &index) const
{
    return index.isValid() ? static_cast<Node *>(index.internalPointer()) : m_top.get();
}

JsonTreeModel::Node *JsonTreeModel::childOf(Node *parent, int row) const
{
    const bool scalarTop = parent == m_top.get() && !m_root.isObject() && !m_root.isArray();
    const int count = scalarTop ? (m_root.isUndefined() ? 0 : 1) : childCount(parent->value);
    if (row < 0 || row >= count)
        return nullptr;
    if (parent->children.empty())
        parent->children.resize(size_t(count));
    std::unique_ptr<Node> &slot = parent->children[size_t(row)];
    if (!slot) {
        slot = std::make_unique<Node>();
        ++m_nodeCount;
        slot->parent = parent;
        slot->row = row;
        if (scalarTop) {
            slot->value = m_root;
        } else if (parent->value.isObject()) {
            const QJsonObject object = parent->value.toObject();
            const auto it = object.constBegin() + row;
            slot->key = it.key();
            slot->isMember = true;
            slot->value = it.value();
        } else {
            slot->value = parent->value.toArray().at(row);
        }
    }
    return slot.get();
}

QModelIndex JsonTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column < 0 || column >= ColumnCount || (parent.isValid() && parent.column() != 0))
        return {};
    Node *child = childOf(nodeOf(parent), row);
    return child ? createIndex(row, column, child) : QModelIndex();
}

QModelIndex JsonTreeModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    Node *parentNode = nodeOf(child)->parent;
    if (!parentNode || parentNode == m_top.get())
        return {};
    return createIndex(parentNode->row, 0, parentNode);
}

int JsonTreeModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() && parent.column() != 0)
        return 0;
    if (!parent.isValid() && !m_root.isObject() && !m_root.isArray())
        return m_root.isUndefined() ? 0 : 1;
    return childCount(nodeOf(parent)->value);
}

int JsonTreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

bool JsonTreeModel::hasChildren(const QModelIndex &parent) const
{
    return rowCount(parent) > 0;
}

QString JsonTreeModel::preview(const QJsonValue &value)
{
    // The size alone, as JSON viewers show it: {3} and [12] read the same in every language.
    if (value.isObject())
        return u"{%1}"_s.arg(value.toObject().size());
    if (value.isArray())
        return u"[%1]"_s.arg(value.toArray().size());
    QString text = scalarText(value);
    if (text.size() > previewLength)
        text = text.left(previewLength) + u'…';
    return DisplayText::visible(text);
}

QVariant JsonTreeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    const Node *node = nodeOf(index);
    if (role == JsonValueRole)
        return QVariant::fromValue(node->value);
    if (role == PathRole)
        return pathOf(index);
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (index.column()) {
        case KeyColumn:
            if (node->parent == m_top.get() && !m_root.isObject() && !m_root.isArray())
                return u"$"_s;
            return node->isMember ? DisplayText::visible(node->key) : u"[%1]"_s.arg(node->row);
        case ValueColumn:
            return preview(node->value);
        case TypeColumn:
            return JsonTypeName::of(node->value);
        default:
            break;
        }
    }
    return {};
}

QVariant JsonTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KeyColumn:
        return tr("Key");
    case ValueColumn:
        return tr("Value");
    case TypeColumn:
        return tr("Type");
    default:
        return {};
    }
}

QString JsonTreeModel::pathOf(const QModelIndex &index) const
{
    QList<const Node *> steps;
    for (const Node *node = index.isValid() ? nodeOf(index) : nullptr; node && node != m_top.get();
         node = node->parent) {
        if (node->parent == m_top.get() && !m_root.isObject() && !m_root.isArray())
            break; // a scalar document: the value is $ itself
        steps.prepend(node);
    }
    QString path = JsonPath::root();
    for (const Node *node : std::as_const(steps))
        path = node->isMember ? JsonPath::member(path, node->key) : JsonPath::index(path, node->row);
    return path;
}

QJsonValue JsonTreeModel::valueOf(const QModelIndex &index) const
{
    return index.isValid() ? nodeOf(index)->value : m_root;
}

QModelIndex JsonTreeModel::indexOfRows(const QList<int> &rows) const
{
    QModelIndex current;
    for (int row : rows) {
        current = index(row, 0, current);
        if (!current.isValid())
            return {};
    }
    return current;
}

QList<QList<int>> JsonTreeModel::search(const QJsonValue &root, const QString &needle, int limit)
{
    QList<QList<int>> hits;
    if (needle.isEmpty() || limit <= 0)
        return hits;
    QList<int> rows;
    if (root.isObject() || root.isArray())
        searchIn(root, needle, limit, rows, hits);
    else if (scalarText(root).contains(needle, Qt::CaseInsensitive))
        hits.append(QList<int>{0});
    return hits;
}

QJsonValue JsonTreeModel::parse(const QByteArray &text, QString *error)
{
    // QJsonDocument reads only objects and arrays; a lone value (a field's 42 or "text") is read as the one
    // element of an array around it.
    const QByteArray trimmed = text.trimmed();
    const bool lone = !trimmed.startsWith('{') && !trimmed.startsWith('[');
    const QByteArray parsed = lone ? '[' + text + ']' : text;
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(parsed, &parseError);
    QString problem;
    qsizetype offset = parseError.offset - (lone ? 1 : 0);
    if (parseError.error != QJsonParseError::NoError) {
        problem = parseError.errorString();
    } else if (trimmed.isEmpty()) {
        problem = tr("no value");
        offset = 0;
    } else if (lone && document.array().size() != 1) {
        problem = tr("more than one value");
        offset = text.indexOf(',');
    }
    if (!problem.isEmpty()) {
        if (error) {
            // The offset counts bytes; a person counts lines and characters.
            const QByteArray before = text.left(std::clamp<qsizetype>(offset, 0, text.size()));
            const int line = int(before.count('\n')) + 1;
            const int column = int(QString::fromUtf8(before.mid(before.lastIndexOf('\n') + 1)).size()) + 1;
            *error = tr("line %1, column %2: %3").arg(line).arg(column).arg(problem);
        }
        return QJsonValue(QJsonValue::Undefined);
    }
    if (error)
        error->clear();
    if (lone)
        return document.array().at(0);
    return document.isObject() ? QJsonValue(document.object()) : QJsonValue(document.array());
}
