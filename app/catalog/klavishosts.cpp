#include "catalog/klavishosts.h"

#include <algorithm>

using namespace Qt::StringLiterals;

QList<KlavisHost> KlavisHosts::all()
{
    return {
        {u"Klavis US"_s, QUrl(u"https://api.klavis.ai"_s)},
        {u"Klavis EU"_s, QUrl(u"https://api.eu.klavis.ai"_s)},
    };
}

QUrl KlavisHosts::defaultBaseUrl()
{
    return all().constFirst().baseUrl;
}

bool KlavisHosts::isOfficial(const QUrl &baseUrl)
{
    if (baseUrl.scheme() != u"https"_s)
        return false;
    const QString host = baseUrl.host().toLower();
    const QList<KlavisHost> hosts = all();
    return std::any_of(hosts.cbegin(), hosts.cend(), [&](const KlavisHost &known) {
        return known.baseUrl.host() == host && baseUrl.port(443) == known.baseUrl.port(443);
    });
}
