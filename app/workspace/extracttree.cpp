#include "extracttree.h"

#include "extractentrypath.h"

#include <QDir>

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

ExtractTree::ExtractTree(const QByteArray &root, const QString &spaceFolder)
    : m_root(root), m_spaceFolder(spaceFolder)
{}

QByteArray ExtractTree::absolute(const QByteArray &relative) const
{
    return relative.isEmpty() ? m_root : m_root + '/' + relative;
}

QString ExtractTree::conflictMessage(const QByteArray &relative)
{
    return u"The archive contains both a file and a folder named %1; nothing was extracted."_s.arg(
        ExtractEntryPath::displayName(relative));
}

QString ExtractTree::systemError(int error, const QString &action, const QByteArray &relative) const
{
    if (error == ENOSPC || error == EDQUOT)
        return u"Not enough space in %1: %2"_s.arg(QDir::toNativeSeparators(m_spaceFolder),
                                                   qt_error_string(error));
    return u"Could not %1 %2: %3"_s.arg(action, ExtractEntryPath::displayName(relative),
                                        qt_error_string(error));
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
    const bool knownFolder = m_lastFolder.startsWith(relative) && (m_lastFolder.size() == relative.size() ||
                                                                   m_lastFolder.at(relative.size()) == '/');
    if (relative.isEmpty() || knownFolder)
        return {};
    qsizetype end = 0;
    while (end < relative.size()) {
        end = relative.indexOf('/', end + 1);
        if (end < 0)
            end = relative.size();
        const QByteArray prefix = relative.left(end);
        const QByteArray path = absolute(prefix);
        if (::mkdir(path.constData(), 0755) == 0) {
            ++m_foldersCreated;
            // mkdir applies the umask; the rule is 0755 for every folder.
            if (::chmod(path.constData(), 0755) != 0)
                return systemError(errno, u"set permissions on"_s, prefix);
            continue;
        }
        const int error = errno;
        if (error != EEXIST)
            return systemError(error, u"create the folder"_s, prefix);
        if (kind(prefix) != Kind::Folder)
            return conflictMessage(prefix);
    }
    m_lastFolder = relative;
    return {};
}

QString ExtractTree::createFile(const QByteArray &relative, int *fd, bool *replaced)
{
    *fd = -1;
    *replaced = false;
    const QByteArray path = absolute(relative);
    switch (kind(relative)) {
    case Kind::Missing:
        break;
    case Kind::File:
        // A later entry of the same name wins, as with tar; unlinking first means the new file never
        // shares an inode with the old one.
        if (::unlink(path.constData()) != 0)
            return systemError(errno, u"replace"_s, relative);
        *replaced = true;
        break;
    case Kind::Folder:
    case Kind::Other:
        return conflictMessage(relative);
    }
    *fd = ::open(path.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (*fd < 0)
        return systemError(errno, u"create"_s, relative);
    return {};
}

QString ExtractTree::write(int fd, const char *data, qsizetype size, const QByteArray &relative)
{
    while (size > 0) {
        const ssize_t written = ::write(fd, data, size_t(size));
        if (written < 0) {
            if (errno == EINTR)
                continue;
            return systemError(errno, u"write"_s, relative);
        }
        data += written;
        size -= written;
    }
    return {};
}

QString ExtractTree::closeFile(int fd, const QByteArray &relative, bool executable, qint64 mtime,
                               long mtimeNsec)
{
    QString error;
    // Owner, setuid, setgid and sticky bits from the archive are never applied.
    if (::fchmod(fd, executable ? 0755 : 0644) != 0)
        error = systemError(errno, u"set permissions on"_s, relative);
    const struct timespec times[2] = {{0, UTIME_OMIT}, {time_t(mtime), mtimeNsec}};
    if (error.isEmpty() && mtimeNsec >= 0 && mtimeNsec < 1'000'000'000 && ::futimens(fd, times) != 0)
        error = systemError(errno, u"set the time of"_s, relative);
    // close() can be where a network file system reports a full disk.
    if (::close(fd) != 0 && error.isEmpty())
        error = systemError(errno, u"write"_s, relative);
    return error;
}

QString ExtractTree::makeLink(const QByteArray &relative, const QByteArray &target)
{
    const Kind existing = kind(relative);
    if (existing == Kind::File) {
        const QString error = removeFile(relative);
        if (!error.isEmpty())
            return error;
    } else if (existing != Kind::Missing) {
        return conflictMessage(relative);
    }
    if (::symlink(target.constData(), absolute(relative).constData()) != 0)
        return systemError(errno, u"create the link"_s, relative);
    return {};
}

QString ExtractTree::removeFile(const QByteArray &relative)
{
    if (::unlink(absolute(relative).constData()) != 0)
        return systemError(errno, u"replace"_s, relative);
    return {};
}
