#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QHash>

#include <vector>

// A set of relative paths ("a/b/c", as ExtractEntryPath::relative()) kept as a tree of their components,
// so that the questions an extraction asks of every entry ("is a folder on its way a link?", "how much of
// its folder exists already?") cost one lookup per component of that entry, however many paths the set
// holds. Asking the same of a flat set means hashing every prefix: quadratic in the depth per entry.
class ExtractPathSet
{
public:
    ExtractPathSet();

    void insert(const QByteArray &path);
    bool contains(const QByteArray &path) const;
    qsizetype size() const { return m_size; }
    // Distinct components stored: what the set costs in memory.
    qsizetype components() const { return qsizetype(m_nodes.size()) - 1; }
    bool isEmpty() const { return m_size == 0; }

    // The length of the shortest member that is a proper ancestor of path ("a" in "a/b/c"), or -1.
    qsizetype memberAncestor(const QByteArray &path) const;
    // The length of the longest prefix of path (at a component boundary, path itself included) that is a
    // member along with every ancestor of it; 0 when the first component is not a member.
    qsizetype memberChain(const QByteArray &path) const;

    // A walk one component at a time, for paths resolved step by step (a link target with ".."): root()
    // is the empty path; child() is -1 where nothing in the set lies at or below the path, and stays -1.
    static constexpr qsizetype root() { return 0; }
    qsizetype child(qsizetype node, QByteArrayView component) const;
    bool isMember(qsizetype node) const { return node > 0 && m_nodes[size_t(node)].member; }

private:
    struct Node
    {
        QHash<QByteArray, qsizetype> children; // component -> index in m_nodes
        bool member = false;
    };

    qsizetype child(qsizetype node, const QByteArray &path, qsizetype begin, qsizetype end) const
    {
        return child(node, QByteArrayView(path.constData() + begin, end - begin));
    }

    std::vector<Node> m_nodes; // m_nodes[0] is the root, the empty path
    qsizetype m_size = 0;
};
