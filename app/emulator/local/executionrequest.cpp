#include "emulator/local/executionrequest.h"

#include "emulator/klavis/catalog.h"
#include "emulator/server/incomingrequest.h"
#include "emulator/server/validationerrors.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace Emulator {

bool ExecutionRequest::validName(const QString &name)
{
    static const QRegularExpression pattern(u"^[A-Za-z0-9_.-]{1,64}$"_s);
    return pattern.match(name).hasMatch() && name != u"." && name != u"..";
}

std::optional<HttpReply> ExecutionRequest::fromBody(const IncomingRequest &request, ExecutionRequest *parsed)
{
    QJsonValue bodyValue;
    if (auto malformed = ValidationErrors::parseBody(request.body, &bodyValue))
        return *malformed;
    // The query and the body are reported together, as FastAPI does.
    ValidationErrors errors;
    const std::optional<QString> region = request.queryValue(u"region"_s);
    errors.checkQueryEnum(u"region"_s, region, Catalog::regions());
    if (errors.checkBodyObject(bodyValue, true)) {
        const QJsonObject body = bodyValue.toObject();
        const QJsonValue value = body.value(u"execution_name"_s);
        if (value.isUndefined())
            errors.addMissing(QJsonArray{u"body"_s, u"execution_name"_s}, body);
        else if (!value.isString())
            errors.add(QJsonArray{u"body"_s, u"execution_name"_s}, u"string_type"_s,
                       u"Input should be a valid string"_s, value);
        parsed->name = value.toString();
    }
    if (!errors.isEmpty())
        return errors.reply();
    parsed->region = region.value_or(u"us"_s);
    // The provider's schema only says "string": a name the emulator cannot use as a folder is the handler's
    // 400, not a 422 (FastAPI answers 422 only for what the OpenAPI file declares).
    if (!validName(parsed->name))
        return HttpReply::detail(
            400, u"execution_name must be 1 to 64 letters, digits, '.', '_' or '-' (not '.' or '..')"_s);
    return std::nullopt;
}

std::optional<HttpReply> ExecutionRequest::fromQuery(const IncomingRequest &request, bool withCursor,
                                                     ExecutionRequest *parsed)
{
    ValidationErrors errors;
    const std::optional<QString> name = request.queryValue(u"execution_name"_s);
    if (!name)
        errors.addMissing(QJsonArray{u"query"_s, u"execution_name"_s}, QJsonValue(QJsonValue::Null));
    parsed->name = name.value_or(QString());
    const std::optional<QString> cursor = withCursor ? request.queryValue(u"cursor"_s) : std::nullopt;
    if (cursor) {
        bool number = false;
        parsed->cursor = cursor->trimmed().toLongLong(&number);
        if (!number)
            errors.add(QJsonArray{u"query"_s, u"cursor"_s}, u"int_parsing"_s,
                       u"Input should be a valid integer, unable to parse string as an integer"_s, *cursor);
        else if (parsed->cursor < 0)
            errors.add(QJsonArray{u"query"_s, u"cursor"_s}, u"greater_than_equal"_s,
                       u"Input should be greater than or equal to 0"_s, *cursor, QJsonObject{{u"ge"_s, 0}});
    }
    if (!errors.isEmpty())
        return errors.reply();
    return std::nullopt;
}

} // namespace Emulator
