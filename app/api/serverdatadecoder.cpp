#include "api/serverdatadecoder.h"

#include "api/isotimestamp.h"

#include <QJsonDocument>
#include <QJsonParseError>

using namespace Qt::StringLiterals;

ApiResult<ServerDataDump> ServerDataDecoder::dump(const QByteArray &body)
{
    QJsonParseError parseError;
    const auto document = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject())
        return ApiError::decode(u"The dump is not a JSON object."_s, body);
    const QJsonObject object = document.object();
    if (!object.contains("data"_L1))
        return ApiError::decode(u"The dump has no \"data\"."_s, body);
    ServerDataDump dump;
    dump.raw = object;
    dump.sandboxId = object.value("sandbox_id"_L1).toString();
    dump.serverName = object.value("server_name"_L1).toString();
    dump.dumpedAtText = object.value("dumped_at"_L1).toString();
    dump.dumpedAt = IsoTimestamp::parse(dump.dumpedAtText);
    dump.data = object.value("data"_L1);
    return dump;
}
