#include "api/blaxelsandboxname.h"

#include <QCoreApplication>

#include <algorithm>

QString BlaxelSandboxName::problem(const QString &name)
{
    if (name.isEmpty())
        return QCoreApplication::translate("BlaxelSandboxName", "The sandbox name is empty.");
    if (name.size() > maxLength)
        return QCoreApplication::translate("BlaxelSandboxName",
                                           "The sandbox name is longer than %1 characters.")
            .arg(maxLength);
    const bool allowed = std::all_of(name.cbegin(), name.cend(), [](QChar c) {
        const char16_t u = c.unicode();
        return (u >= u'a' && u <= u'z') || (u >= u'0' && u <= u'9') || u == u'-';
    });
    if (!allowed)
        return QCoreApplication::translate(
            "BlaxelSandboxName",
            "A sandbox name may hold only lowercase letters, digits and '-' (as in \"my-sandbox-1\").");
    return {};
}
