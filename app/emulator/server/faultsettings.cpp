#include "emulator/server/faultsettings.h"

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
        {u"fail_status"_s, failStatus},
        {u"rate_limit_next_requests"_s, rateLimitNextRequests},
        {u"retry_after_seconds"_s, retryAfterSeconds},
        {u"drop_download_after_bytes"_s, dropDownloadAfterBytes},
        {u"drop_download_times"_s, dropDownloadTimes},
        {u"expire_next_urls"_s, expireNextUrls},
        {u"expired_urls"_s, expiredUrls},
        {u"redirect_api_to"_s,
         redirectApiTo.isValid() ? QJsonValue(redirectApiTo.toString()) : QJsonValue(QJsonValue::Null)},
        {u"hang_next_requests"_s, hangNextRequests},
        {u"drop_next_replies"_s, dropNextReplies},
        {u"only_path"_s, onlyPath},
        {u"store_fail_next_requests"_s, storeFailNextRequests},
        {u"store_fail_next_resumes"_s, storeFailNextResumes},
        {u"store_error_status"_s, storeErrorStatus},
        {u"replace_signed_urls_with"_s, replaceSignedUrlsWith.isValid()
                                            ? QJsonValue(replaceSignedUrlsWith.toString())
                                            : QJsonValue(QJsonValue::Null)},
        {u"replace_urls_after"_s, replaceUrlsAfter},
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
    number(u"fail_status"_s, next.failStatus);
    if (next.failStatus < 500 || next.failStatus > 599)
        error = u"fail_status must be a 5xx status"_s;
    number(u"rate_limit_next_requests"_s, next.rateLimitNextRequests);
    number(u"retry_after_seconds"_s, next.retryAfterSeconds);
    number(u"drop_download_after_bytes"_s, next.dropDownloadAfterBytes);
    number(u"drop_download_times"_s, next.dropDownloadTimes);
    number(u"expire_next_urls"_s, next.expireNextUrls);
    number(u"hang_next_requests"_s, next.hangNextRequests);
    number(u"drop_next_replies"_s, next.dropNextReplies);
    number(u"store_fail_next_requests"_s, next.storeFailNextRequests);
    number(u"store_fail_next_resumes"_s, next.storeFailNextResumes);
    number(u"store_error_status"_s, next.storeErrorStatus);
    number(u"replace_urls_after"_s, next.replaceUrlsAfter);
    if (next.storeErrorStatus < 400 || next.storeErrorStatus > 599)
        error = u"store_error_status must be a 4xx or 5xx status"_s;
    if (json.contains(u"expired_urls"_s)) {
        if (!json.value(u"expired_urls"_s).isBool())
            error = u"expired_urls must be a boolean"_s;
        next.expiredUrls = json.value(u"expired_urls"_s).toBool();
    }
    if (json.contains(u"only_path"_s)) {
        const QJsonValue value = json.value(u"only_path"_s);
        if (!value.isString() && !value.isNull())
            error = u"only_path must be a string"_s;
        next.onlyPath = value.toString();
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
    if (json.contains(u"replace_signed_urls_with"_s)) {
        const QJsonValue value = json.value(u"replace_signed_urls_with"_s);
        if (value.isNull() || value.toString().isEmpty()) {
            next.replaceSignedUrlsWith = QUrl();
        } else {
            // Deliberately any URL at all: the point is to hand the client what it must refuse.
            next.replaceSignedUrlsWith = QUrl(value.toString());
            if (!value.isString() || !next.replaceSignedUrlsWith.isValid())
                error = u"replace_signed_urls_with must be a URL"_s;
        }
    }
    if (!error.isEmpty())
        return error;
    *this = next;
    return {};
}

} // namespace Emulator
