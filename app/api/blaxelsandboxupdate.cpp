#include "api/blaxelsandboxupdate.h"

#include "api/blaxelduration.h"
#include "api/unsafecharacters.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

QString BlaxelSandboxUpdate::problem() const
{
    if (isEmpty())
        return QCoreApplication::translate("BlaxelSandboxUpdate", "Nothing to change.");
    if (displayName && UnsafeCharacters::containsControl(*displayName))
        return QCoreApplication::translate("BlaxelSandboxUpdate",
                                           "The display name must be one line without control characters.");
    if (ttl && !ttl->isEmpty() && !BlaxelDuration::isValid(*ttl))
        return QCoreApplication::translate(
            "BlaxelSandboxUpdate",
            "The TTL must be a duration like 24h, 30m or 1h30m (units w, d, h, m, s), or empty for none.");
    if (labels) {
        for (auto it = labels->cbegin(); it != labels->cend(); ++it)
            if (it.key().trimmed().isEmpty() || UnsafeCharacters::containsControl(it.key()) ||
                UnsafeCharacters::containsControl(it.value()))
                return QCoreApplication::translate(
                    "BlaxelSandboxUpdate",
                    "Each label needs a key, and neither key nor value may hold control characters.");
    }
    return {};
}

QJsonObject BlaxelSandboxUpdate::appliedTo(QJsonObject current) const
{
    QJsonObject metadata = current.value(u"metadata"_s).toObject();
    if (displayName)
        metadata.insert(u"displayName"_s, *displayName);
    if (labels) {
        QJsonObject object;
        for (auto it = labels->cbegin(); it != labels->cend(); ++it)
            object.insert(it.key(), it.value());
        metadata.insert(u"labels"_s, object);
    }
    current.insert(u"metadata"_s, metadata);
    if (ttl) {
        QJsonObject spec = current.value(u"spec"_s).toObject();
        QJsonObject runtime = spec.value(u"runtime"_s).toObject();
        if (ttl->isEmpty())
            runtime.remove(u"ttl"_s);
        else
            runtime.insert(u"ttl"_s, *ttl);
        spec.insert(u"runtime"_s, runtime);
        current.insert(u"spec"_s, spec);
    }
    return current;
}
