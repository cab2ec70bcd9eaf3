#include "settings/profile.h"

#include "catalog/blaxelhosts.h"
#include "catalog/klavishosts.h"

using namespace Qt::StringLiterals;

QString Profile::providerId(Provider provider)
{
    switch (provider) {
    case Provider::Klavis:
        break;
    case Provider::Blaxel:
        return u"blaxel"_s;
    }
    return u"klavis"_s;
}

std::optional<Profile::Provider> Profile::providerFromId(const QString &id)
{
    for (const Provider provider : providers()) {
        if (id == providerId(provider))
            return provider;
    }
    return std::nullopt;
}

QString Profile::providerName(Provider provider)
{
    switch (provider) {
    case Provider::Klavis:
        break;
    case Provider::Blaxel:
        return u"Blaxel"_s;
    }
    return u"Klavis"_s;
}

QUrl Profile::defaultBaseUrl(Provider provider)
{
    switch (provider) {
    case Provider::Klavis:
        break;
    case Provider::Blaxel:
        return BlaxelHosts::defaultBaseUrl();
    }
    return KlavisHosts::defaultBaseUrl();
}
