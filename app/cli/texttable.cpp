#include "cli/texttable.h"

#include "cli/terminaltext.h"

#include <algorithm>

using namespace Qt::StringLiterals;

TextTable::TextTable(QStringList headers) : m_headers(std::move(headers)), m_maxWidths(m_headers.size(), 60)
{}

void TextTable::addRow(QStringList cells)
{
    cells.resize(m_headers.size());
    // Cells come from servers: escaped here, before widths are measured, so no row can carry a control.
    for (QString &cell : cells)
        cell = TerminalText::escape(cell);
    m_rows.append(std::move(cells));
}

void TextTable::setMaxColumnWidth(int column, int width)
{
    if (column >= 0 && column < m_maxWidths.size())
        m_maxWidths[column] = width;
}

QString TextTable::render() const
{
    const auto columns = m_headers.size();
    QList<int> widths(columns, 0);
    auto fit = [&](const QString &cell, int column) -> QString {
        const int limit = m_maxWidths[column];
        return cell.size() > limit ? cell.left(limit - 1) + u'…' : cell;
    };
    for (qsizetype c = 0; c < columns; ++c) {
        widths[c] = int(m_headers[c].size());
        for (const auto &row : m_rows)
            widths[c] = std::max(widths[c], int(fit(row[c], int(c)).size()));
    }
    auto line = [&](const QStringList &cells) -> QString {
        QString text;
        for (qsizetype c = 0; c < columns; ++c) {
            const auto cell = fit(cells[c], int(c));
            text += c + 1 < columns ? cell.leftJustified(widths[c] + 2) : cell;
        }
        return text.trimmed() + u'\n';
    };
    QString out = line(m_headers);
    for (const auto &row : m_rows)
        out += line(row);
    return out;
}
