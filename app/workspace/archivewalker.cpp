#include "workspace/archivewalker.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>

#include <algorithm>
#include <cerrno>
#include <vector>

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

QString errnoText(int error)
{
    return qt_error_string(error);
}

// The link's own text, never resolved: a relative link stays relative in the archive.
bool readLinkText(const QByteArray &path, qint64 sizeHint, QByteArray *target)
{
    qint64 capacity = std::max<qint64>(sizeHint + 1, 256);
    for (;;) {
        target->resize(capacity);
        const ssize_t length = ::readlink(path.constData(), target->data(), static_cast<size_t>(capacity));
        if (length < 0)
            return false;
        if (length < capacity) {
            target->resize(length);
            return true;
        }
        capacity *= 2; // the link changed since lstat, or lstat reported no size
    }
}

// Qt decodes file names as UTF-8; a name that does not round-trip could not be recreated from the archive.
bool isValidUtf8(const QByteArray &bytes, QString *decoded)
{
    *decoded = QString::fromUtf8(bytes);
    return decoded->toUtf8() == bytes;
}

} // namespace

bool ArchiveWalker::walk(const QStringList &sources, const Visitor &visit, QString *error)
{
    ArchiveWalker walker(visit);
    const auto finish = [&](bool ok) {
        if (error)
            *error = walker.m_error;
        return ok;
    };
    if (sources.isEmpty())
        return finish(walker.fail(QCoreApplication::translate("ArchiveWalker", "Nothing to pack")));

    struct Root
    {
        QByteArray name; // UTF-8, the sort key
        QByteArray diskPath;
        bool isDirectory = false;
    };
    std::vector<Root> roots;
    QSet<QString> seen;
    for (const QString &source : sources) {
        const QString absolute = QDir::cleanPath(QFileInfo(source).absoluteFilePath());
        const QString name = QFileInfo(absolute).fileName();
        if (name.isEmpty())
            return finish(
                walker.fail(QCoreApplication::translate("ArchiveWalker", "Cannot pack %1: it has no name")
                                .arg(absolute)));
        if (seen.contains(name))
            return finish(walker.fail(
                QCoreApplication::translate("ArchiveWalker", "Two of the items to pack are named \"%1\"")
                    .arg(name)));
        seen.insert(name);
        Root root{name.toUtf8(), QFile::encodeName(absolute), false};
        // A missing source is an error, unlike a file that vanishes during the walk.
        struct stat info = {};
        if (::lstat(root.diskPath.constData(), &info) != 0)
            return finish(walker.fail(QCoreApplication::translate("ArchiveWalker", "Cannot read %1: %2")
                                          .arg(absolute, errnoText(errno))));
        root.isDirectory = S_ISDIR(info.st_mode);
        roots.push_back(root);
    }

    if (roots.size() == 1 && roots.front().isDirectory)
        return finish(walker.walkDirectory(roots.front().diskPath, QString()));
    // Sorted like directory entries, so that the drop order does not change the archive.
    std::sort(roots.begin(), roots.end(), [](const Root &a, const Root &b) { return a.name < b.name; });
    for (const Root &root : roots) {
        if (!walker.visitPath(root.diskPath, QString::fromUtf8(root.name)))
            return finish(false);
    }
    return finish(true);
}

bool ArchiveWalker::visitPath(const QByteArray &diskPath, const QString &archivePath)
{
    struct stat info = {};
    if (::lstat(diskPath.constData(), &info) != 0) {
        if (errno == ENOENT)
            return true; // removed since its directory was listed: nothing to pack
        return fail(QCoreApplication::translate("ArchiveWalker", "Cannot read %1: %2")
                        .arg(QFile::decodeName(diskPath), errnoText(errno)));
    }
    ArchiveWalkEntry entry;
    entry.archivePath = archivePath;
    entry.diskPath = diskPath;
    entry.permissions = info.st_mode & 07777;
    entry.mtime = info.st_mtime;
    if (S_ISREG(info.st_mode)) {
        entry.type = ArchiveWalkEntry::Type::File;
        entry.size = info.st_size;
    } else if (S_ISDIR(info.st_mode)) {
        entry.type = ArchiveWalkEntry::Type::Directory;
    } else if (S_ISLNK(info.st_mode)) {
        entry.type = ArchiveWalkEntry::Type::Symlink;
        QByteArray target;
        if (!readLinkText(diskPath, info.st_size, &target))
            return fail(QCoreApplication::translate("ArchiveWalker", "Cannot read the link %1: %2")
                            .arg(QFile::decodeName(diskPath), errnoText(errno)));
        if (!isValidUtf8(target, &entry.linkTarget)) {
            entry.type = ArchiveWalkEntry::Type::Special;
            entry.skipReason = QCoreApplication::translate("ArchiveWalker", "link target is not valid UTF-8");
        }
    } else {
        entry.type = ArchiveWalkEntry::Type::Special;
        entry.skipReason = S_ISSOCK(info.st_mode)   ? u"socket"_s
                           : S_ISFIFO(info.st_mode) ? u"FIFO"_s
                                                    : u"device"_s;
    }
    if (!m_visit(entry))
        return false;
    if (entry.type == ArchiveWalkEntry::Type::Directory)
        return walkDirectory(diskPath, archivePath);
    return true;
}

bool ArchiveWalker::walkDirectory(const QByteArray &diskPath, const QString &archivePrefix)
{
    std::vector<QByteArray> names;
    DIR *directory = ::opendir(diskPath.constData());
    if (!directory)
        return fail(QCoreApplication::translate("ArchiveWalker", "Cannot list %1: %2")
                        .arg(QFile::decodeName(diskPath), errnoText(errno)));
    errno = 0;
    while (const dirent *item = ::readdir(directory)) {
        const QByteArray name(item->d_name);
        if (name != "." && name != "..")
            names.push_back(name);
        errno = 0;
    }
    const int listError = errno;
    ::closedir(directory);
    if (listError != 0)
        return fail(QCoreApplication::translate("ArchiveWalker", "Cannot list %1: %2")
                        .arg(QFile::decodeName(diskPath), errnoText(listError)));
    std::sort(names.begin(), names.end()); // byte order: the same on every machine and locale

    QByteArray parent = diskPath;
    if (!parent.endsWith('/'))
        parent += '/';
    for (const QByteArray &name : names) {
        QString decoded;
        const bool validName = isValidUtf8(name, &decoded);
        const QString archivePath =
            archivePrefix.isEmpty() ? decoded : QString(archivePrefix + u'/' + decoded);
        if (!validName) {
            ArchiveWalkEntry entry;
            entry.type = ArchiveWalkEntry::Type::Special;
            entry.archivePath = archivePath;
            entry.diskPath = QByteArray(parent + name);
            entry.skipReason = QCoreApplication::translate("ArchiveWalker", "name is not valid UTF-8");
            if (!m_visit(entry))
                return false;
            continue;
        }
        if (!visitPath(QByteArray(parent + name), archivePath))
            return false;
    }
    return true;
}

bool ArchiveWalker::fail(const QString &message)
{
    m_error = message;
    return false;
}
