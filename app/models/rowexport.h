#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

// The rows a list shows, written out as CSV (RFC 4180) or JSON. Only what the caller puts in leaves the
// app: callers pass ids, names, statuses and times, and MCP URLs through RemoteText::maskedUrl(), never auth
// data.
class RowExport
{
public:
    enum class Format
    {
        Csv,
        Json
    };

    // One cell: a text, or a list (tags, servers) that JSON keeps as an array and CSV joins with "; ".
    struct Cell
    {
        QStringList values;
        bool isList = false;

        Cell(const QString &text) : values{text} {}
        Cell(const char16_t *text) : values{QString::fromUtf16(text)} {}
        Cell(const QStringList &list) : values(list), isList(true) {}
    };

    explicit RowExport(const QStringList &fields);

    void addRow(const QList<Cell> &cells);
    qsizetype rowCount() const { return m_rows.size(); }

    // CRLF line ends, a header line, a field quoted when it holds a comma, quote, CR or LF. A field that a
    // spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe: the values came
    // from the network.
    QByteArray toCsv() const;
    // An array of objects, one per row, keys in field order.
    QByteArray toJson() const;
    QByteArray to(Format format) const { return format == Format::Csv ? toCsv() : toJson(); }
    // From a file name's suffix: .json is JSON, anything else CSV.
    static Format formatForFile(const QString &fileName);

private:
    static QString csvField(const QString &text);

    QStringList m_fields;
    QList<QList<Cell>> m_rows;
};
