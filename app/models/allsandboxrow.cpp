#include "models/allsandboxrow.h"

using namespace Qt::StringLiterals;

QString AllSandboxRow::detail() const
{
    QString list = detailList.join(u", "_s);
    if (provider == Provider::KlavisLocal)
        return list.isEmpty() ? detailHead : detailHead + u": "_s + list;
    if (detailHead.isEmpty())
        return list;
    return list.isEmpty() ? detailHead : detailHead + u" · "_s + list;
}

bool AllSandboxRow::contains(const QString &needle) const
{
    const auto in = [&needle](const QString &text) { return text.contains(needle, Qt::CaseInsensitive); };
    // A needle across the parts' separators ("github/ab", "atlas · night") is matched on the cells
    // themselves.
    if (needle.contains(u'/') || needle.contains(u'·') || needle.contains(u',') || needle.contains(u':'))
        return in(name()) || in(status) || in(detail());
    if (in(id) || in(serverName) || in(status) || in(detailHead))
        return true;
    for (const QString &part : detailList) {
        if (in(part))
            return true;
    }
    return false;
}
