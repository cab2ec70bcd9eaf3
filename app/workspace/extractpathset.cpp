#include "workspace/extractpathset.h"

ExtractPathSet::ExtractPathSet() : m_nodes(1) {}

qsizetype ExtractPathSet::child(qsizetype node, QByteArrayView component) const
{
    if (node < 0)
        return -1;
    const QHash<QByteArray, qsizetype> &children = m_nodes[size_t(node)].children;
    if (children.isEmpty())
        return -1;
    // A key over the caller's bytes: no copy for a lookup.
    return children.value(QByteArray::fromRawData(component.data(), component.size()), -1);
}

void ExtractPathSet::insert(const QByteArray &path)
{
    qsizetype node = 0;
    for (qsizetype begin = 0; begin < path.size();) {
        qsizetype end = path.indexOf('/', begin);
        if (end < 0)
            end = path.size();
        qsizetype next = child(node, path, begin, end);
        if (next < 0) {
            next = qsizetype(m_nodes.size());
            m_nodes.emplace_back();
            m_nodes[size_t(node)].children.insert(path.mid(begin, end - begin), next);
        }
        node = next;
        begin = end + 1;
    }
    if (node != 0 && !m_nodes[size_t(node)].member) {
        m_nodes[size_t(node)].member = true;
        ++m_size;
    }
}

bool ExtractPathSet::contains(const QByteArray &path) const
{
    qsizetype node = 0;
    for (qsizetype begin = 0; begin < path.size() && node >= 0;) {
        qsizetype end = path.indexOf('/', begin);
        if (end < 0)
            end = path.size();
        node = child(node, path, begin, end);
        begin = end + 1;
    }
    return node > 0 && m_nodes[size_t(node)].member;
}

qsizetype ExtractPathSet::memberAncestor(const QByteArray &path) const
{
    qsizetype node = 0;
    for (qsizetype begin = 0; begin < path.size();) {
        const qsizetype end = path.indexOf('/', begin);
        if (end < 0)
            return -1; // the last component is path itself, not an ancestor
        node = child(node, path, begin, end);
        if (node < 0)
            return -1;
        if (m_nodes[size_t(node)].member)
            return end;
        begin = end + 1;
    }
    return -1;
}

qsizetype ExtractPathSet::memberChain(const QByteArray &path) const
{
    qsizetype node = 0;
    qsizetype known = 0;
    for (qsizetype begin = 0; begin < path.size();) {
        qsizetype end = path.indexOf('/', begin);
        if (end < 0)
            end = path.size();
        node = child(node, path, begin, end);
        if (node < 0 || !m_nodes[size_t(node)].member)
            return known;
        known = end;
        begin = end + 1;
    }
    return known;
}
