#include "models/mcpexchangelogmodel.h"

#include "models/displaytext.h"

#include <QCoreApplication>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace {

// A body is shown up to here: a 16 MiB reply is saved, not painted.
constexpr qsizetype maximumShownBody = qsizetype{256} * 1024;

QString bodyText(const QByteArray &body)
{
    const QByteArray shown = body.left(maximumShownBody);
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(shown, &error);
    QString text = error.error == QJsonParseError::NoError
                       ? QString::fromUtf8(document.toJson(QJsonDocument::Indented)).trimmed()
                       : QString::fromUtf8(shown);
    if (body.size() > shown.size())
        text += QCoreApplication::translate("McpExchangeLogModel", "\n… (%1 more bytes)")
                    .arg(body.size() - shown.size());
    return DisplayText::visibleLines(text);
}

} // namespace

McpExchangeLogModel::McpExchangeLogModel(QObject *parent) : QAbstractTableModel(parent) {}

void McpExchangeLogModel::append(const McpExchange &exchange)
{
    if (m_entries.size() >= maximumEntries) {
        beginRemoveRows({}, 0, 0);
        m_entries.removeFirst();
        endRemoveRows();
    }
    beginInsertRows({}, int(m_entries.size()), int(m_entries.size()));
    m_entries.append(exchange);
    endInsertRows();
}

void McpExchangeLogModel::clear()
{
    beginResetModel();
    m_entries.clear();
    endResetModel();
}

const McpExchange *McpExchangeLogModel::exchangeAt(int row) const
{
    return row >= 0 && row < m_entries.size() ? &m_entries.at(row) : nullptr;
}

QString McpExchangeLogModel::describe(const McpExchange &exchange)
{
    const bool plainHttp = exchange.method == u"GET"_s || exchange.method == u"DELETE"_s;
    QString text = (plainHttp ? exchange.method : u"POST"_s) + u' ' +
                   DisplayText::visible(exchange.url.toString()) + u'\n';
    for (const auto &[name, value] : exchange.requestHeaders)
        text += DisplayText::visible(QString::fromUtf8(name + ": " + value)) + u'\n';
    text += u'\n' + bodyText(exchange.requestBody) + u"\n\n"_s;
    text +=
        u"HTTP %1 %2\n"_s.arg(exchange.httpStatus).arg(DisplayText::visible(exchange.responseContentType));
    if (exchange.error.isError())
        text += DisplayText::visibleLines(exchange.error.describe()) + u'\n';
    text += u'\n' + bodyText(exchange.responseBody);
    return text;
}

int McpExchangeLogModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int McpExchangeLogModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant McpExchangeLogModel::data(const QModelIndex &index, int role) const
{
    const McpExchange *exchange = index.isValid() ? exchangeAt(index.row()) : nullptr;
    if (!exchange)
        return {};
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case MethodColumn:
            return DisplayText::visible(exchange->method);
        case StatusColumn:
            if (exchange->error.isError() && exchange->httpStatus == 0)
                return DisplayText::visible(exchange->error.describe());
            return exchange->httpStatus;
        case TimeColumn:
            return tr("%1 ms").arg(exchange->elapsedMs);
        default:
            break;
        }
    }
    if (role == Qt::TextAlignmentRole && index.column() == TimeColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant McpExchangeLogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case MethodColumn:
        return tr("Method");
    case StatusColumn:
        return tr("Status");
    case TimeColumn:
        return tr("Time");
    default:
        return {};
    }
}
