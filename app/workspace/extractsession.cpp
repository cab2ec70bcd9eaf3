#include "workspace/extractsession.h"

#include "workspace/extractentrypath.h"
#include "workspace/extractlinkpolicy.h"
#include "workspace/extractstaging.h"
#include "workspace/extracttree.h"
#include "workspace/utf8threadlocale.h"

#include <QCoreApplication>

#include <archive_entry.h>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {
constexpr qsizetype kMaxListedSkips = 1000; // a hostile archive could skip a million entries
} // namespace

ExtractSession::ExtractSession(const ExtractionLimits &limits, const std::atomic_bool &cancelRequested,
                               const ExtractGzipStream::Progress &progress)
    : m_limits(limits), m_cancelRequested(cancelRequested), m_gzip(cancelRequested, progress),
      m_budget(limits)
{}

ExtractSession::~ExtractSession()
{
    if (m_tar)
        archive_read_free(m_tar);
}

bool ExtractSession::cancelRequested()
{
    if (m_cancelRequested.load(std::memory_order_relaxed))
        m_cancelled = true;
    return m_cancelled;
}

QString ExtractSession::cancelledMessage()
{
    m_cancelled = true;
    return QCoreApplication::translate("ExtractSession",
                                       "The extraction was cancelled; nothing was extracted.");
}

ExtractionReport ExtractSession::run(const QString &archivePath, const QString &targetDir)
{
    const Utf8ThreadLocale utf8Locale;
    const QString error = extractAll(archivePath, targetDir);
    m_report.ok = error.isEmpty();
    m_report.cancelled = !m_report.ok && (m_cancelled || m_gzip.isCancelled());
    m_report.error = m_report.cancelled ? cancelledMessage() : error;
    if (m_unlistedSkips > 0)
        m_report.skipped.append(
            QCoreApplication::translate("ExtractSession", "(%1 more entries skipped)").arg(m_unlistedSkips));
    return m_report;
}

QString ExtractSession::extractAll(const QString &archivePath, const QString &targetDir)
{
    if (cancelRequested())
        return cancelledMessage();
    QString error = m_gzip.open(archivePath);
    if (!error.isEmpty())
        return error;
    // Declared before the tree so that it outlives it; its destructor removes the staging folder on every
    // path out of this function except a successful commit.
    ExtractStaging staging;
    error = staging.prepare(targetDir);
    if (!error.isEmpty())
        return error;

    m_tar = archive_read_new();
    archive_read_support_format_tar(m_tar); // no filter: a tar.gz.gz is not a tar here
    // Concatenated .tar.gz files (cat a.tar.gz b.tar.gz) are one gzip stream of several tar archives, each
    // with its end-of-archive blocks: all of them are extracted, as tar --ignore-zeros does, so that what
    // is extracted is what the gzip layer checked, up to the end of the file.
    if (archive_read_set_format_option(m_tar, "tar", "read_concatenated_archives", "1") != ARCHIVE_OK)
        return readError();
    if (archive_read_open(m_tar, &m_gzip, nullptr, ExtractGzipStream::readCallback, nullptr) != ARCHIVE_OK)
        return readError();

    ExtractTree tree(staging.root(), staging.parentFolder());
    error = extractEntries(tree);
    if (error.isEmpty())
        error = m_gzip.finish();
    if (error.isEmpty() && !m_gzip.isCancelled())
        error = createLinks(tree);
    m_report.dirsCreated = tree.foldersCreated();
    if (!error.isEmpty())
        return error;
    if (cancelRequested() || m_gzip.isCancelled())
        return cancelledMessage();
    error = staging.commit();
    if (error.isEmpty())
        m_gzip.reportComplete();
    return error;
}

QString ExtractSession::extractEntries(ExtractTree &tree)
{
    for (;;) {
        struct archive_entry *entry = nullptr;
        const int result = archive_read_next_header(m_tar, &entry);
        if (result == ARCHIVE_EOF)
            return {};
        bool linkUnreadable = false;
        if (result == ARCHIVE_WARN) {
            // libarchive warns, and keeps going, when a name does not convert to the locale's charset.
            const QByteArray warning = archive_error_string(m_tar);
            if (warning.startsWith("Pathname")) {
                const char *raw = archive_entry_pathname(entry);
                return QCoreApplication::translate(
                           "ExtractSession",
                           "The archive contains a name that is not valid UTF-8 (%1); nothing was extracted.")
                    .arg(ExtractEntryPath::displayName(raw ? QByteArray(raw) : QByteArray("?")));
            }
            linkUnreadable = warning.startsWith("Linkname");
        } else if (result != ARCHIVE_OK) {
            return readError();
        }
        if (++m_entries > m_limits.maxEntries)
            return QCoreApplication::translate(
                       "ExtractSession",
                       "The archive has more than %1 entries; raise the limit in Settings if you trust it.")
                .arg(m_limits.maxEntries);
        QString error = extractEntry(entry, linkUnreadable, tree);
        if (!error.isEmpty())
            return error;
        // Folders made on the way cost an inode each, like entries, and are remembered.
        if (tree.foldersCreated() > m_limits.maxEntries)
            return QCoreApplication::translate(
                       "ExtractSession",
                       "The archive makes more than %1 folders; raise the limit in Settings if you trust it.")
                .arg(m_limits.maxEntries);
        if (cancelRequested())
            return cancelledMessage();
    }
}

QString ExtractSession::extractEntry(struct archive_entry *entry, bool linkUnreadable, ExtractTree &tree)
{
    const char *raw = archive_entry_pathname(entry);
    const ExtractEntryPath path = ExtractEntryPath::parse(raw ? QByteArray(raw) : QByteArray(), m_limits);
    if (!path.isValid())
        return path.errorMessage();
    m_lastEntry = path.relative().isEmpty() ? QByteArray(".") : path.relative(); // shared, not copied
    const QByteArray &relative = path.relative();

    // Refused even when the link will not be created: "link, then a file below it" is how archives write
    // through links, and no honest archive has an entry below one of its own links.
    if (const qsizetype ancestor = m_linkPaths.memberAncestor(relative); ancestor >= 0)
        return QCoreApplication::translate(
                   "ExtractSession", "The archive writes %1 through the link %2; nothing was extracted.")
            .arg(path.display(), ExtractEntryPath::displayName(relative.left(ancestor)));

    if (archive_entry_hardlink(entry))
        return extractHardLink(entry, path, linkUnreadable, tree);
    switch (archive_entry_filetype(entry)) {
    case AE_IFREG:
        return extractFile(entry, path, tree);
    case AE_IFDIR:
        m_pendingLinks.remove(relative); // a later entry replaces an earlier one
        return tree.makeFolders(relative);
    case AE_IFLNK:
        return rememberLink(entry, path, linkUnreadable, tree);
    case AE_IFCHR:
        return skip(entry, path.display(),
                    QCoreApplication::translate("ExtractSession", "character device, not extracted"));
    case AE_IFBLK:
        return skip(entry, path.display(),
                    QCoreApplication::translate("ExtractSession", "block device, not extracted"));
    case AE_IFIFO:
        return skip(entry, path.display(),
                    QCoreApplication::translate("ExtractSession", "FIFO (named pipe), not extracted"));
    case AE_IFSOCK:
        return skip(entry, path.display(),
                    QCoreApplication::translate("ExtractSession", "socket, not extracted"));
    default:
        return skip(entry, path.display(),
                    QCoreApplication::translate("ExtractSession", "unsupported entry type, not extracted"));
    }
}

QString ExtractSession::skip(struct archive_entry *entry, const QString &name, const QString &why)
{
    // Counted, or a hard link with a huge body would be a bomb that never trips the cap.
    if (archive_entry_size_is_set(entry)) {
        if (QString error = m_budget.skipData(archive_entry_size(entry)); !error.isEmpty())
            return error;
    }
    if (m_report.skipped.size() < kMaxListedSkips)
        m_report.skipped.append(name + u": "_s + why);
    else
        ++m_unlistedSkips;
    return {};
}

QString ExtractSession::extractFile(struct archive_entry *entry, const ExtractEntryPath &path,
                                    ExtractTree &tree)
{
    if (path.isRoot())
        return QCoreApplication::translate("ExtractSession",
                                           "The archive contains a file named \".\"; nothing was extracted.");
    // Claimed before a byte is written, so a bomb stops at its header. For a sparse entry the declared size
    // is that of the file it describes, not the few bytes the archive stores.
    const qint64 declared =
        archive_entry_size_is_set(entry) ? std::max<qint64>(archive_entry_size(entry), 0) : 0;
    QString error = m_budget.claim(path, declared);
    if (!error.isEmpty())
        return error;

    const QByteArray &relative = path.relative();
    m_pendingLinks.remove(relative); // the file replaces the link: nothing is written through it
    error = tree.makeFolders(path.parent());
    if (!error.isEmpty())
        return error;
    const bool executable = (archive_entry_perm(entry) & 0111) != 0;
    int fd = -1;
    bool replaced = false;
    error = tree.createFile(relative, executable, &fd, &replaced);
    if (!error.isEmpty())
        return error;
    if (replaced)
        --m_report.filesWritten;

    error = copyData(fd, path, declared, tree);
    const long nsec = archive_entry_mtime_is_set(entry) ? archive_entry_mtime_nsec(entry) : -1;
    const QString closeError = tree.closeFile(fd, relative, executable, archive_entry_mtime(entry), nsec);
    if (error.isEmpty())
        error = closeError;
    if (error.isEmpty())
        ++m_report.filesWritten;
    return error;
}

QString ExtractSession::copyData(int fd, const ExtractEntryPath &path, qint64 declared, ExtractTree &tree)
{
    const QByteArray &relative = path.relative();
    qint64 counted = declared; // of this entry, in m_budget
    qint64 dataEnd = 0;
    // Data comes in blocks at offsets: a sparse entry's holes are skipped, not written as zeros, and the
    // blocks are libarchive's own buffers, not copies.
    for (;;) {
        if (cancelRequested())
            return cancelledMessage();
        const void *block = nullptr;
        size_t size = 0;
        la_int64_t offset = 0;
        const int result = archive_read_data_block(m_tar, &block, &size, &offset);
        if (result != ARCHIVE_OK && result != ARCHIVE_EOF)
            return readError();
        // A sparse map can place data beyond the declared size; whatever it reaches counts as well.
        if (QString error = m_budget.reach(path, offset, qint64(size), &counted); !error.isEmpty())
            return error;
        const qint64 end = offset + qint64(size);
        if (result == ARCHIVE_EOF) // offset is the size of the file, a hole at its end included
            return offset > dataEnd ? tree.resize(fd, offset, relative) : QString();
        QString error = tree.writeAt(fd, static_cast<const char *>(block), qsizetype(size), offset, relative);
        if (!error.isEmpty())
            return error;
        m_report.bytesWritten += qint64(size);
        dataEnd = std::max(dataEnd, end);
    }
}

QString ExtractSession::extractHardLink(struct archive_entry *entry, const ExtractEntryPath &path,
                                        bool unreadable, ExtractTree &tree)
{
    // A hard link that carries data (pax allows it) is that data: extracted as a file of its own.
    if (archive_entry_size_is_set(entry) && archive_entry_size(entry) > 0)
        return extractFile(entry, path, tree);
    const QByteArray targetBytes(archive_entry_hardlink(entry));
    const QString shown = ExtractEntryPath::displayName(targetBytes);
    if (path.isRoot())
        return skip(entry, path.display(),
                    QCoreApplication::translate("ExtractSession",
                                                "hard link in place of the target folder, not extracted"));
    if (unreadable)
        return skip(entry, path.display(),
                    QCoreApplication::translate("ExtractSession",
                                                "hard link target is not valid UTF-8, not extracted"));
    // Hard link targets name archive members from the top of the archive, not from the link's folder.
    const ExtractEntryPath target = ExtractEntryPath::parse(targetBytes, m_limits);
    if (!target.isValid() || target.isRoot())
        return skip(entry, path.display(),
                    QCoreApplication::translate(
                        "ExtractSession",
                        "hard link to %1, which is not a path inside the extracted folder, not extracted")
                        .arg(shown));
    // Only to a regular file this archive wrote before, reached through real folders: never to a link, a
    // folder or anything that was there before the extraction.
    const QByteArray &targetPath = target.relative();
    if (m_linkPaths.memberAncestor(targetPath) >= 0 || tree.kind(targetPath) != ExtractTree::Kind::File)
        return skip(
            entry, path.display(),
            QCoreApplication::translate(
                "ExtractSession",
                "hard link to %1, which the archive does not extract as a file before it, not extracted")
                .arg(shown));
    const QByteArray &relative = path.relative();
    if (relative == targetPath)
        return {}; // a link to itself names a file that is already there

    m_pendingLinks.remove(relative); // the file replaces the link: nothing is written through it
    QString error = tree.makeFolders(path.parent());
    if (!error.isEmpty())
        return error;
    // A hard link shares the file's inode: safe here, as a file that a link shares is never written in
    // place (a later entry of either name gets a new inode). Only where the file system has no hard links
    // is the file copied, and the copy counts.
    qint64 copied = 0;
    bool replaced = false;
    error = tree.linkFile(targetPath, relative, m_budget.copyAllowance(), m_budget.copyRefusal(path), &copied,
                          &replaced);
    if (!error.isEmpty())
        return error;
    if (replaced)
        --m_report.filesWritten;
    ++m_report.filesWritten;
    m_budget.addCopied(copied);
    m_report.bytesWritten += copied;
    return {};
}

QString ExtractSession::rememberLink(struct archive_entry *entry, const ExtractEntryPath &path,
                                     bool unreadable, ExtractTree &tree)
{
    if (path.isRoot())
        return skip(entry, path.display(),
                    QCoreApplication::translate(
                        "ExtractSession", "symbolic link in place of the target folder, not extracted"));
    const QByteArray &relative = path.relative();
    m_linkPaths.insert(relative);
    // Link paths are remembered by their components: deep paths in distinct folders cost memory even for
    // links that are skipped before their folders are made, so the components count too.
    if (m_linkPaths.size() > m_limits.maxLinks || m_linkPaths.components() > m_limits.maxEntries)
        return QCoreApplication::translate("ExtractSession", "The archive has more than %1 symbolic links; "
                                                             "raise the limit in Settings if you trust it.")
            .arg(m_limits.maxLinks);
    const char *target = archive_entry_symlink(entry);
    if (unreadable || !target)
        return skip(entry, path.display(),
                    QCoreApplication::translate("ExtractSession",
                                                "symbolic link target is not valid UTF-8, not extracted"));
    const QByteArray targetBytes(target);
    if (targetBytes.size() > m_limits.maxPathBytes) // checked here too: pending targets are kept in memory
        return skip(entry, path.display(),
                    QCoreApplication::translate("ExtractSession",
                                                "symbolic link target is longer than %1 bytes, not extracted")
                        .arg(m_limits.maxPathBytes));

    QString error = tree.makeFolders(path.parent());
    if (!error.isEmpty())
        return error;
    switch (tree.kind(relative)) {
    case ExtractTree::Kind::Missing:
        break;
    case ExtractTree::Kind::File:
        error = tree.removeFile(relative); // a later entry replaces an earlier one
        if (!error.isEmpty())
            return error;
        --m_report.filesWritten;
        break;
    case ExtractTree::Kind::Folder:
    case ExtractTree::Kind::Other:
        m_pendingLinks.remove(relative);
        return skip(entry, path.display(),
                    QCoreApplication::translate(
                        "ExtractSession", "symbolic link where the archive has a folder, not extracted"));
    }
    m_pendingLinks.insert(relative, targetBytes);
    return {};
}

QString ExtractSession::createLinks(ExtractTree &tree)
{
    QList<QByteArray> paths = m_pendingLinks.keys();
    std::sort(paths.begin(), paths.end());
    for (const QByteArray &relative : std::as_const(paths)) {
        if (cancelRequested())
            return cancelledMessage();
        const QByteArray &target = m_pendingLinks[relative];
        const QString why = ExtractLinkPolicy::refusal(relative, target, m_limits.maxPathBytes, m_linkPaths);
        if (!why.isEmpty()) {
            m_report.skipped.append(ExtractEntryPath::displayName(relative) + u": "_s + why);
            continue;
        }
        QString error = tree.makeLink(relative, target);
        if (!error.isEmpty())
            return error;
        ++m_report.linksCreated;
    }
    return {};
}

QString ExtractSession::readError()
{
    if (m_gzip.isCancelled())
        return cancelledMessage();
    if (!m_gzip.failure().isEmpty())
        return m_gzip.failure();
    const QString detail = QString::fromUtf8(archive_error_string(m_tar));
    if (m_entries == 0 && detail.contains(u"Unrecognized archive format"_s))
        return ExtractGzipStream::notGzipTarMessage();
    if (detail.contains(u"truncated"_s, Qt::CaseInsensitive))
        return ExtractGzipStream::truncatedMessage();
    if (m_lastEntry.isEmpty())
        return QCoreApplication::translate("ExtractSession",
                                           "The archive is damaged (%1); nothing was extracted.")
            .arg(detail);
    return QCoreApplication::translate("ExtractSession",
                                       "The archive is damaged after %1 (%2); nothing was extracted.")
        .arg(ExtractEntryPath::displayName(m_lastEntry), detail);
}
