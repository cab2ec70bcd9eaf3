#include "api/blaxelstatus.h"

using namespace Qt::StringLiterals;

namespace {

bool same(QStringView status, QStringView word)
{
    return status.trimmed().compare(word, Qt::CaseInsensitive) == 0;
}

} // namespace

QStringList BlaxelStatus::statuses()
{
    return {u"DEPLOYING"_s,    u"DEPLOYED"_s,    u"FAILED"_s,     u"DELETING"_s, u"TERMINATED"_s,
            u"DEACTIVATING"_s, u"DEACTIVATED"_s, u"BUILDING"_s,   u"BUILT"_s,    u"UPLOADING"_s,
            u"ARCHIVING"_s,    u"ARCHIVED"_s,    u"UNARCHIVING"_s};
}

BlaxelStatus::Kind BlaxelStatus::of(QStringView status)
{
    static const QStringList transitional = {u"DEPLOYING"_s, u"DELETING"_s,   u"DEACTIVATING"_s,
                                             u"BUILDING"_s,  u"BUILT"_s,      u"UPLOADING"_s,
                                             u"ARCHIVING"_s, u"UNARCHIVING"_s};
    static const QStringList gone = {u"TERMINATED"_s, u"DEACTIVATED"_s, u"ARCHIVED"_s};
    if (same(status, u"DEPLOYED"))
        return Running;
    if (same(status, u"FAILED"))
        return Failed;
    for (const auto &word : transitional)
        if (same(status, word))
            return Transitional;
    for (const auto &word : gone)
        if (same(status, word))
            return Gone;
    return Unknown;
}

QString BlaxelStatus::terminated()
{
    return u"TERMINATED"_s;
}

QString BlaxelStatus::deleting()
{
    return u"DELETING"_s;
}

bool BlaxelStatus::isDeletable(QStringView status)
{
    // TERMINATING is outside the notes' list but named there as a word the service may send: on its way out.
    return !same(status, u"DELETING") && !same(status, u"TERMINATED") && !same(status, u"TERMINATING");
}

QString BlaxelStatus::running()
{
    return u"RUNNING"_s;
}

QString BlaxelStatus::standby()
{
    return u"STANDBY"_s;
}

bool BlaxelStatus::isStandby(QStringView state)
{
    return same(state, u"STANDBY");
}
