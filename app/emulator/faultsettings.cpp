#include "faultsettings.h"

#include <QJsonValue>

#include <type_traits>

using namespace Qt::StringLiterals;

namespace Emulator {

QJsonObject FaultSettings::toJson() const
{
    return QJsonObject{
        {u"latency_ms"_s, latencyMs},
        {u"server_error_rate"_s, serverErrorRate},
        {u"fail_next_requests"_s, failNextRequests},
        {u"rate_limit_next_requests"_s, rateLimitNextRequests},
        {u"retry_after_seconds"_s, retryAfterSeconds},
        {u"drop_download_after_bytes"_s, dropDownloadAfterBytes},
        {u"drop_download_times"_s, dropDownloadTimes},
        {u"expire_next_urls"_s, expireNextUrls},
        {u"expired_urls"_s, expiredUrls},
        {u"redirect_api_to"_s,
         redirectApiTo.isValid() ? QJsonValue(redirectApiTo.toString()) : QJsonValue(QJsonValue::Null)},
    };
}

QString FaultSettings::merge(const QJsonObject &json)
{
    FaultSettings next = *this;
    QString error;
    const auto number = [&](const QString &key, auto &target) {
        if (!json.contains(key))
            return;
        const QJsonValue value = json.value(key);
        if (!value.isDouble()) {
            error = key + u" must be a number"_s;
            return;
        }
        target = static_cast<std::remove_reference_t<decltype(target)>>(value.toDouble());
    };
    number(u"latency_ms"_s, next.latencyMs);
    number(u"server_error_rate"_s, next.serverErrorRate);
    number(u"fail_next_requests"_s, next.failNextRequests);
    number(u"rate_limit_next_requests"_s, next.rateLimitNextRequests);
    number(u"retry_after_seconds"_s, next.retryAfterSeconds);
    number(u"drop_download_after_bytes"_s, next.dropDownloadAfterBytes);
    number(u"drop_download_times"_s, next.dropDownloadTimes);
    number(u"expire_next_urls"_s, next.expireNextUrls);
    if (json.contains(u"expired_urls"_s)) {
        if (!json.value(u"expired_urls"_s).isBool())
            error = u"expired_urls must be a boolean"_s;
        next.expiredUrls = json.value(u"expired_urls"_s).toBool();
    }
    if (json.contains(u"redirect_api_to"_s)) {
        const QJsonValue value = json.value(u"redirect_api_to"_s);
        if (value.isNull() || value.toString().isEmpty()) {
            next.redirectApiTo = QUrl();
        } else {
            next.redirectApiTo = QUrl(value.toString());
            if (!value.isString() || !next.redirectApiTo.isValid() || next.redirectApiTo.host().isEmpty())
                error = u"redirect_api_to must be an absolute URL"_s;
        }
    }
    if (!error.isEmpty())
        return error;
    *this = next;
    return {};
}

} // namespace Emulator
