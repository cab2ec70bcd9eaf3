#pragma once

#include <QCoreApplication>
#include <QString>

// A duration as Blaxel writes one (spec.runtime.ttl, an expiration policy's value): whole numbers with the
// units s, m, h, d or w, such as "30m", "24h" or "1h30m". Checked before a request is sent, by the create and
// edit dialogs and the services alike.
class BlaxelDuration
{
    Q_DECLARE_TR_FUNCTIONS(BlaxelDuration)

public:
    static bool isValid(const QString &text);
    // What a TTL field says under itself: "" when `text` is empty (none) or a duration, else the rule.
    static QString problem(const QString &text);
};
