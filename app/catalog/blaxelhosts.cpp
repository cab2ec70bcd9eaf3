#include "catalog/blaxelhosts.h"

using namespace Qt::StringLiterals;

QUrl BlaxelHosts::defaultBaseUrl()
{
    return QUrl(u"https://api.blaxel.ai/v0"_s);
}

bool BlaxelHosts::isOfficial(const QUrl &baseUrl)
{
    const QUrl known = defaultBaseUrl();
    return baseUrl.scheme() == u"https"_s && baseUrl.host().compare(known.host(), Qt::CaseInsensitive) == 0 &&
           baseUrl.port(443) == known.port(443);
}

QString BlaxelHosts::apiVersion()
{
    return u"2026-04-28"_s;
}
