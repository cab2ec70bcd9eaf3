#include "models/rowexport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

RowExport::RowExport(const QStringList &fields) : m_fields(fields) {}

void RowExport::addRow(const QList<Cell> &cells)
{
    Q_ASSERT(cells.size() == m_fields.size());
    m_rows.append(cells);
}

QString RowExport::csvField(const QString &text)
{
    QString field = text;
    if (!field.isEmpty() && QStringView(u"=+-@\t\r").contains(field.front()))
        field.prepend(u'\'');
    if (!field.contains(u',') && !field.contains(u'"') && !field.contains(u'\r') && !field.contains(u'\n'))
        return field;
    field.replace(u"\""_s, u"\"\""_s);
    return u'"' + field + u'"';
}

QByteArray RowExport::toCsv() const
{
    QString out;
    const auto line = [&out](const QStringList &fields) {
        QStringList quoted;
        quoted.reserve(fields.size());
        for (const auto &field : fields)
            quoted << csvField(field);
        out += quoted.join(u',') + u"\r\n"_s;
    };
    line(m_fields);
    for (const auto &row : m_rows) {
        QStringList fields;
        fields.reserve(row.size());
        for (const auto &cell : row)
            fields << cell.values.join(u"; "_s);
        line(fields);
    }
    return out.toUtf8();
}

QByteArray RowExport::toJson() const
{
    QJsonArray rows;
    for (const auto &row : m_rows) {
        QJsonObject object;
        for (qsizetype i = 0; i < row.size(); ++i) {
            const Cell &cell = row[i];
            object.insert(m_fields[i], cell.isList ? QJsonValue(QJsonArray::fromStringList(cell.values))
                                                   : QJsonValue(cell.values.value(0)));
        }
        rows.append(object);
    }
    return QJsonDocument(rows).toJson(QJsonDocument::Indented);
}

RowExport::Format RowExport::formatForFile(const QString &fileName)
{
    return fileName.endsWith(u".json"_s, Qt::CaseInsensitive) ? Format::Json : Format::Csv;
}
