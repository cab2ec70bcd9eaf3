#include "catalog/mcpclientconfig.h"

#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

QByteArray McpClientConfig::build(const QList<QPair<QString, QString>> &namedUrls)
{
    QJsonObject servers;
    for (const auto &[name, url] : namedUrls) {
        QString base = name.trimmed();
        if (base.isEmpty())
            base = u"server"_s;
        QString unique = base;
        // Loop rather than count: "gmail-2" may itself be a name the caller passed.
        for (int n = 2; servers.contains(unique); ++n)
            unique = base + u'-' + QString::number(n);
        servers.insert(unique, QJsonObject{{u"url"_s, url}});
    }
    const QJsonObject root{{u"mcpServers"_s, servers}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}
