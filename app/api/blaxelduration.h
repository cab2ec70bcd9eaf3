#pragma once

#include <QString>

// A duration as Blaxel writes one (spec.runtime.ttl, an expiration policy's value): whole numbers with the
// units s, m, h, d or w, such as "30m", "24h" or "1h30m". Checked before a request is sent, by the create and
// edit dialogs and the services alike.
class BlaxelDuration
{
public:
    static bool isValid(const QString &text);
};
