#include "workspace/extractbudget.h"

#include "workspace/extractentrypath.h"

#include <QCoreApplication>

#include <algorithm>

namespace {

QString formatSize(qint64 bytes)
{
    constexpr qint64 KiB = 1024;
    if (bytes >= ExtractionLimits::GiB && bytes % ExtractionLimits::GiB == 0)
        return QCoreApplication::translate("ExtractBudget", "%1 GiB").arg(bytes / ExtractionLimits::GiB);
    if (bytes >= KiB * KiB && bytes % (KiB * KiB) == 0)
        return QCoreApplication::translate("ExtractBudget", "%1 MiB").arg(bytes / (KiB * KiB));
    return QCoreApplication::translate("ExtractBudget", "%1 bytes").arg(bytes);
}

} // namespace

ExtractBudget::ExtractBudget(const ExtractionLimits &limits)
    : m_maxEntryBytes(limits.maxEntryBytes), m_maxTotalBytes(limits.maxTotalBytes)
{}

QString ExtractBudget::claim(const ExtractEntryPath &path, qint64 declared)
{
    if (declared > m_maxEntryBytes)
        return tooLargeMessage(path);
    if (declared > m_maxTotalBytes - m_expandedBytes)
        return tooMuchMessage();
    m_expandedBytes += declared;
    return {};
}

QString ExtractBudget::reach(const ExtractEntryPath &path, qint64 offset, qint64 size, qint64 *counted)
{
    if (offset < 0 || offset > m_maxEntryBytes)
        return tooLargeMessage(path);
    const qint64 end = offset + size;
    if (end > *counted) {
        m_expandedBytes += end - *counted;
        *counted = end;
    }
    if (*counted > m_maxEntryBytes)
        return tooLargeMessage(path);
    if (m_expandedBytes > m_maxTotalBytes)
        return tooMuchMessage();
    return {};
}

QString ExtractBudget::skipData(qint64 size)
{
    if (size <= 0)
        return {};
    m_expandedBytes += size;
    return m_expandedBytes > m_maxTotalBytes ? tooMuchMessage() : QString();
}

qint64 ExtractBudget::copyAllowance() const
{
    return std::min(m_maxEntryBytes, m_maxTotalBytes - m_expandedBytes);
}

QString ExtractBudget::copyRefusal(const ExtractEntryPath &path) const
{
    return m_maxTotalBytes - m_expandedBytes < m_maxEntryBytes ? tooMuchMessage() : tooLargeMessage(path);
}

QString ExtractBudget::tooLargeMessage(const ExtractEntryPath &path) const
{
    return QCoreApplication::translate(
               "ExtractBudget",
               "The file %1 in the archive is larger than %2; raise the limit in Settings if you trust it.")
        .arg(path.display(), formatSize(m_maxEntryBytes));
}

QString ExtractBudget::tooMuchMessage() const
{
    return QCoreApplication::translate(
               "ExtractBudget",
               "The archive expands to more than %1; raise the limit in Settings if you trust it.")
        .arg(formatSize(m_maxTotalBytes));
}
