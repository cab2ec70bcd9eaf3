#include "mcp/mcpcurlcommand.h"

using namespace Qt::StringLiterals;

QString McpCurlCommand::shellQuoted(const QString &text)
{
    QString quoted = text;
    quoted.replace(u'\'', u"'\\''"_s);
    return u'\'' + quoted + u'\'';
}

QString McpCurlCommand::render(const McpExchange &exchange, const QUrl &fullUrl, const QString &bearerToken)
{
    const bool isPost = !exchange.requestBody.isEmpty();
    const QString httpMethod = isPost ? u"POST"_s : exchange.method == u"DELETE"_s ? u"DELETE"_s : u"GET"_s;
    QString line =
        u"curl -sS -N -X "_s + httpMethod + u' ' + shellQuoted(fullUrl.toString(QUrl::FullyEncoded));
    for (const auto &[name, value] : exchange.requestHeaders) {
        if (name.compare("Authorization", Qt::CaseInsensitive) == 0) {
            // Double quotes so that the shell expands the variable; the token itself is single-quoted.
            line += bearerToken.isEmpty()
                        ? u" -H \"Authorization: Bearer $MCP_TOKEN\""_s
                        : u" -H "_s + shellQuoted(u"Authorization: Bearer "_s + bearerToken);
            continue;
        }
        line += u" -H "_s + shellQuoted(QString::fromLatin1(name) + u": "_s + QString::fromUtf8(value));
    }
    if (isPost)
        line += u" --data-raw "_s + shellQuoted(QString::fromUtf8(exchange.requestBody));
    return line;
}
