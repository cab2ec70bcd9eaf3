#pragma once

#include <QList>
#include <QString>
#include <QStringList>

// A plain-text table for terminals: left-aligned columns padded to the widest cell, long cells cut with
// an ellipsis so a row stays on one line.
class TextTable
{
public:
    explicit TextTable(QStringList headers);

    void addRow(QStringList cells);
    void setMaxColumnWidth(int column, int width);
    QString render() const;
    bool isEmpty() const { return m_rows.isEmpty(); }

private:
    QStringList m_headers;
    QList<QStringList> m_rows;
    QList<int> m_maxWidths;
};
