#include "workspace/extracttree.h"

#include "workspace/extractentrypath.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <vector>

using namespace Qt::StringLiterals;

namespace {
constexpr size_t kCopyBlockBytes = size_t{64} * 1024;

// The process umask, read without changing it (umask() sets as it reads, racing with other threads).
// -1 when unknown.
int currentUmask()
{
    QFile status(u"/proc/self/status"_s);
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (QByteArray line = status.readLine(); !line.isEmpty(); line = status.readLine()) {
        if (line.startsWith("Umask:")) {
            bool ok = false;
            const int mask = line.mid(6).trimmed().toInt(&ok, 8);
            return ok ? mask : -1;
        }
    }
    return -1;
}

bool linksUnsupported(int error)
{
    // vfat, exFAT and some network or FUSE file systems have no hard links; a full link count is EMLINK.
    return error == EPERM || error == EMLINK || error == EOPNOTSUPP || error == EXDEV || error == ENOSYS;
}
} // namespace

ExtractTree::ExtractTree(const QByteArray &root, const QString &spaceFolder)
    : m_root(root), m_spaceFolder(spaceFolder)
{
    const int mask = currentUmask();
    m_umaskKeepsModes = mask >= 0 && (mask & 0755) == 0;
}

ExtractTree::~ExtractTree()
{
    if (m_parentFd >= 0)
        ::close(m_parentFd);
}

QByteArray ExtractTree::absolute(const QByteArray &relative) const
{
    return relative.isEmpty() ? m_root : m_root + '/' + relative;
}

QString ExtractTree::conflictMessage(const QByteArray &relative)
{
    return QCoreApplication::translate(
               "ExtractTree",
               "The archive contains both a file and a folder named %1; nothing was extracted.")
        .arg(ExtractEntryPath::displayName(relative));
}

QString ExtractTree::systemError(int error, Action action, const QByteArray &relative) const
{
    if (error == ENOSPC || error == EDQUOT)
        return QCoreApplication::translate(
                   "ExtractTree",
                   "The disk is full: not enough space in %1 for %2 (%3); nothing was extracted.")
            .arg(QDir::toNativeSeparators(m_spaceFolder), ExtractEntryPath::displayName(relative),
                 qt_error_string(error));
    const char *sentence = nullptr;
    switch (action) {
    case Action::SetPermissions:
        sentence = QT_TRANSLATE_NOOP("ExtractTree", "Could not set permissions on %1: %2");
        break;
    case Action::SetTime:
        sentence = QT_TRANSLATE_NOOP("ExtractTree", "Could not set the time of %1: %2");
        break;
    case Action::CreateFolder:
        sentence = QT_TRANSLATE_NOOP("ExtractTree", "Could not create the folder %1: %2");
        break;
    case Action::OpenFolder:
        sentence = QT_TRANSLATE_NOOP("ExtractTree", "Could not open the folder %1: %2");
        break;
    case Action::Create:
        sentence = QT_TRANSLATE_NOOP("ExtractTree", "Could not create %1: %2");
        break;
    case Action::Replace:
        sentence = QT_TRANSLATE_NOOP("ExtractTree", "Could not replace %1: %2");
        break;
    case Action::Read:
        sentence = QT_TRANSLATE_NOOP("ExtractTree", "Could not read %1: %2");
        break;
    case Action::Write:
        sentence = QT_TRANSLATE_NOOP("ExtractTree", "Could not write %1: %2");
        break;
    case Action::CreateHardLink:
        sentence = QT_TRANSLATE_NOOP("ExtractTree", "Could not create the hard link %1: %2");
        break;
    case Action::CreateLink:
        sentence = QT_TRANSLATE_NOOP("ExtractTree", "Could not create the link %1: %2");
        break;
    }
    return QCoreApplication::translate("ExtractTree", sentence)
        .arg(ExtractEntryPath::displayName(relative), qt_error_string(error));
}

ExtractTree::Kind ExtractTree::kind(const QByteArray &relative) const
{
    struct stat st
    {
    };
    if (::lstat(absolute(relative).constData(), &st) != 0)
        return Kind::Missing;
    if (S_ISREG(st.st_mode))
        return Kind::File;
    if (S_ISDIR(st.st_mode))
        return Kind::Folder;
    return Kind::Other;
}

QString ExtractTree::makeFolders(const QByteArray &relative)
{
    // Only the levels below the deepest one already known are made or checked: each folder once per
    // extraction, where making every prefix again for every entry cost the cube of the depth.
    qsizetype known = m_folders.memberChain(relative);
    while (known < relative.size()) {
        qsizetype end = relative.indexOf('/', known == 0 ? 0 : known + 1);
        if (end < 0)
            end = relative.size();
        const QByteArray prefix = relative.left(end);
        const QByteArray path = absolute(prefix);
        if (::mkdir(path.constData(), 0755) == 0) {
            ++m_foldersCreated;
            // mkdir applies the umask; the rule is 0755 for every folder.
            if (!m_umaskKeepsModes && ::chmod(path.constData(), 0755) != 0)
                return systemError(errno, Action::SetPermissions, prefix);
        } else {
            const int error = errno;
            if (error != EEXIST)
                return systemError(error, Action::CreateFolder, prefix);
            if (kind(prefix) != Kind::Folder)
                return conflictMessage(prefix);
        }
        m_folders.insert(prefix);
        known = end;
    }
    return {};
}

QString ExtractTree::openParent(const QByteArray &relative, int *folderFd, QByteArray *name)
{
    const qsizetype slash = relative.lastIndexOf('/');
    const QByteArray parent = slash < 0 ? QByteArray() : relative.left(slash);
    *name = relative.mid(slash + 1);
    if (m_parentFd < 0 || parent != m_parentPath) {
        if (m_parentFd >= 0)
            ::close(m_parentFd);
        m_parentFd = ::open(absolute(parent).constData(), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (m_parentFd < 0) {
            const int error = errno;
            m_parentPath.clear();
            return systemError(error, Action::OpenFolder, parent);
        }
        m_parentPath = parent;
    }
    *folderFd = m_parentFd;
    return {};
}

QString ExtractTree::clearName(int folderFd, const QByteArray &name, const QByteArray &relative,
                               bool *replaced)
{
    struct stat st
    {
    };
    if (::fstatat(folderFd, name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0)
        return systemError(errno, Action::Replace, relative);
    if (!S_ISREG(st.st_mode))
        return conflictMessage(relative);
    // A later entry of the same name wins, as with tar; unlinking first means the new file never shares an
    // inode with a hard link to the old one.
    if (::unlinkat(folderFd, name.constData(), 0) != 0)
        return systemError(errno, Action::Replace, relative);
    *replaced = true;
    return {};
}

QString ExtractTree::createFile(const QByteArray &relative, bool executable, int *fd, bool *replaced)
{
    *fd = -1;
    *replaced = false;
    int folderFd = -1;
    QByteArray name;
    QString error = openParent(relative, &folderFd, &name);
    if (!error.isEmpty())
        return error;
    constexpr int flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;
    const mode_t mode = executable ? 0755 : 0644;
    *fd = ::openat(folderFd, name.constData(), flags, mode);
    if (*fd < 0 && errno == EEXIST) {
        struct stat st
        {
        };
        if (::fstatat(folderFd, name.constData(), &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode) &&
            st.st_nlink == 1) {
            // A later entry of the same name wins, as with tar. A file no hard link shares is emptied in
            // place: a new inode for every repeat made a million repeats of one name cost a minute.
            *replaced = true;
            *fd = ::openat(folderFd, name.constData(), O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC);
            if (*fd < 0)
                return systemError(errno, Action::Replace, relative);
            if ((st.st_mode & 07777) != mode && ::fchmod(*fd, mode) != 0) {
                const int chmodError = errno;
                ::close(*fd);
                *fd = -1;
                return systemError(chmodError, Action::SetPermissions, relative);
            }
            return {};
        }
        error = clearName(folderFd, name, relative, replaced);
        if (!error.isEmpty())
            return error;
        *fd = ::openat(folderFd, name.constData(), flags, mode);
    }
    if (*fd < 0)
        return systemError(errno, Action::Create, relative);
    return {};
}

QString ExtractTree::writeAt(int fd, const char *data, qsizetype size, qint64 offset,
                             const QByteArray &relative)
{
    while (size > 0) {
        const ssize_t written = ::pwrite(fd, data, size_t(size), off_t(offset));
        if (written < 0) {
            if (errno == EINTR)
                continue;
            return systemError(errno, Action::Write, relative);
        }
        data += written;
        size -= written;
        offset += written;
    }
    return {};
}

QString ExtractTree::resize(int fd, qint64 size, const QByteArray &relative)
{
    if (::ftruncate(fd, off_t(size)) != 0)
        return systemError(errno, Action::Write, relative);
    return {};
}

QString ExtractTree::closeFile(int fd, const QByteArray &relative, bool executable, qint64 mtime,
                               long mtimeNsec)
{
    QString error;
    // Owner, setuid, setgid and sticky bits from the archive are never applied.
    if (!m_umaskKeepsModes && ::fchmod(fd, executable ? 0755 : 0644) != 0)
        error = systemError(errno, Action::SetPermissions, relative);
    const struct timespec times[2] = {{0, UTIME_OMIT}, {time_t(mtime), mtimeNsec}};
    if (error.isEmpty() && mtimeNsec >= 0 && mtimeNsec < 1'000'000'000 && ::futimens(fd, times) != 0)
        error = systemError(errno, Action::SetTime, relative);
    // close() can be where a network file system reports a full disk.
    if (::close(fd) != 0 && error.isEmpty())
        error = systemError(errno, Action::Write, relative);
    return error;
}

QString ExtractTree::linkFile(const QByteArray &target, const QByteArray &relative, qint64 maxCopyBytes,
                              const QString &overBudget, qint64 *copiedBytes, bool *replaced)
{
    *copiedBytes = 0;
    *replaced = false;
    int folderFd = -1;
    QByteArray name;
    QString error = openParent(relative, &folderFd, &name);
    if (!error.isEmpty())
        return error;
    const QByteArray from = absolute(target);
    // Flags 0: a link to target itself, never to what it might point at (it is a regular file anyway).
    int result = ::linkat(AT_FDCWD, from.constData(), folderFd, name.constData(), 0);
    if (result != 0 && errno == EEXIST) {
        error = clearName(folderFd, name, relative, replaced);
        if (!error.isEmpty())
            return error;
        result = ::linkat(AT_FDCWD, from.constData(), folderFd, name.constData(), 0);
    }
    if (result == 0)
        return {};
    const int linkError = errno;
    if (!linksUnsupported(linkError))
        return systemError(linkError, Action::CreateHardLink, relative);
    return copyFile(target, folderFd, name, relative, maxCopyBytes, overBudget, copiedBytes);
}

QString ExtractTree::copyFile(const QByteArray &target, int folderFd, const QByteArray &name,
                              const QByteArray &relative, qint64 maxCopyBytes, const QString &overBudget,
                              qint64 *copiedBytes)
{
    const int in = ::open(absolute(target).constData(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (in < 0)
        return systemError(errno, Action::Read, target);
    struct stat st
    {
    };
    if (::fstat(in, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(in);
        return conflictMessage(target);
    }
    if (st.st_size > maxCopyBytes) {
        ::close(in);
        return overBudget;
    }
    const bool executable = (st.st_mode & 0111) != 0;
    const int out = ::openat(folderFd, name.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                             executable ? 0755 : 0644);
    if (out < 0) {
        const int error = errno;
        ::close(in);
        return systemError(error, Action::Create, relative);
    }
    std::vector<char> buffer(kCopyBlockBytes);
    QString error;
    for (qint64 left = st.st_size; left > 0 && error.isEmpty();) {
        const ssize_t size = ::read(in, buffer.data(), size_t(std::min<qint64>(left, qint64(buffer.size()))));
        if (size < 0 && errno == EINTR)
            continue;
        if (size <= 0) {
            error = systemError(size < 0 ? errno : EIO, Action::Read, target);
            break;
        }
        error = writeAt(out, buffer.data(), size, *copiedBytes, relative);
        *copiedBytes += size;
        left -= size;
    }
    ::close(in);
    const QString closeError = closeFile(out, relative, executable, st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
    return error.isEmpty() ? closeError : error;
}

QString ExtractTree::makeLink(const QByteArray &relative, const QByteArray &target)
{
    const Kind existing = kind(relative);
    if (existing == Kind::File) {
        QString error = removeFile(relative);
        if (!error.isEmpty())
            return error;
    } else if (existing != Kind::Missing) {
        return conflictMessage(relative);
    }
    if (::symlink(target.constData(), absolute(relative).constData()) != 0)
        return systemError(errno, Action::CreateLink, relative);
    return {};
}

QString ExtractTree::removeFile(const QByteArray &relative)
{
    if (::unlink(absolute(relative).constData()) != 0)
        return systemError(errno, Action::Replace, relative);
    return {};
}
