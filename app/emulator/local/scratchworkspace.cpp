#include "emulator/local/scratchworkspace.h"

#include <QDir>
#include <QFile>

#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

constexpr int maxNotes = 20;

struct Reader
{
    QString root;
    WorkspaceArchive::Limits limits;
    Workspace result;
    QStringList *notes = nullptr;
    qint64 bytes = 0;
    int entries = 0;
    int notesLeftOut = 0;

    void note(const QString &text)
    {
        if (notes->size() < maxNotes)
            notes->append(text);
        else
            ++notesLeftOut;
    }

    // false: the entry limit is reached, stop.
    bool readFolder(const QString &relative)
    {
        const QString folder = relative.isEmpty() ? root : root + u'/' + relative;
        const QStringList names = QDir(folder).entryList(
            QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System, QDir::Name);
        for (const QString &name : names) {
            const QString path = relative.isEmpty() ? name : relative + u'/' + name;
            if (++entries > limits.maxEntries) {
                note(u"more than %1 entries: the rest is left out"_s.arg(limits.maxEntries));
                return false;
            }
            if (path.size() > limits.maxPathLength) {
                note(u"a path longer than %1 characters"_s.arg(limits.maxPathLength));
                continue;
            }
            if (!readEntry(path))
                return false;
        }
        return true;
    }

    bool readEntry(const QString &path)
    {
        const QString full = root + u'/' + path;
        const QByteArray native = QFile::encodeName(full);
        struct stat info = {};
        if (::lstat(native.constData(), &info) != 0)
            return true; // gone in between
        QString error;
        if (S_ISLNK(info.st_mode)) {
            QByteArray target(4096, Qt::Uninitialized);
            const ssize_t length = ::readlink(native.constData(), target.data(), size_t(target.size()));
            if (length <= 0 || length >= target.size())
                error = u"'%1': an unreadable link"_s.arg(path);
            else
                error = result.addSymlink(path, QFile::decodeName(target.left(length)));
        } else if (S_ISDIR(info.st_mode)) {
            error = result.addDirectory(path, int(info.st_mode & 0755));
            if (error.isEmpty())
                return readFolder(path);
        } else if (S_ISREG(info.st_mode)) {
            if (bytes + info.st_size > limits.maxTotalBytes) {
                error = u"'%1' (%2 bytes): the workspace would pass its limit of %3 bytes"_s.arg(
                    path, QString::number(info.st_size), QString::number(limits.maxTotalBytes));
            } else {
                QFile file(full);
                if (!file.open(QIODevice::ReadOnly)) {
                    error = u"'%1' cannot be read: %2"_s.arg(path, file.errorString());
                } else {
                    const QByteArray data = file.read(limits.maxTotalBytes - bytes + 1);
                    bytes += data.size();
                    error = bytes > limits.maxTotalBytes
                                ? u"'%1': the workspace would pass its limit of %2 bytes"_s.arg(
                                      path, QString::number(limits.maxTotalBytes))
                                : result.addFile(path, data, int(info.st_mode & 0755));
                }
            }
        } else {
            error = u"'%1' is neither a file, a folder nor a symbolic link"_s.arg(path);
        }
        if (!error.isEmpty())
            note(error);
        return true;
    }
};

// Makes room for an entry of `type` at `full`: anything else there goes, a link never followed.
bool clear(const QByteArray &native, const QString &full, bool keepFolder)
{
    struct stat info = {};
    if (::lstat(native.constData(), &info) != 0)
        return true;
    if (S_ISDIR(info.st_mode))
        return keepFolder || QDir(full).removeRecursively();
    return ::unlink(native.constData()) == 0;
}

QString writeEntry(const QString &root, const QString &path, const Workspace::Entry &entry)
{
    const QString full = root + u'/' + path;
    const QByteArray native = QFile::encodeName(full);
    const bool folder = entry.type == Workspace::EntryType::Directory;
    if (!clear(native, full, folder))
        return u"'%1' cannot be replaced"_s.arg(path);
    switch (entry.type) {
    case Workspace::EntryType::Directory:
        if (::mkdir(native.constData(), 0700) != 0 && errno != EEXIST)
            return u"folder '%1' cannot be created"_s.arg(path);
        ::chmod(native.constData(), mode_t(entry.mode | 0700));
        return {};
    case Workspace::EntryType::Symlink:
        if (::symlink(QFile::encodeName(entry.linkTarget).constData(), native.constData()) != 0)
            return u"link '%1' cannot be created"_s.arg(path);
        return {};
    case Workspace::EntryType::File: {
        QFile file(full);
        if (!file.open(QIODevice::WriteOnly | QIODevice::NewOnly) ||
            file.write(entry.data) != entry.data.size())
            return u"'%1' cannot be written: %2"_s.arg(path, file.errorString());
        file.close();
        ::chmod(native.constData(), mode_t(entry.mode | 0600));
        return {};
    }
    }
    return {};
}

} // namespace

QString ScratchWorkspace::write(const Workspace &workspace, const QString &root, const Filter &filter)
{
    if (!QDir().mkpath(root))
        return u"the scratch folder cannot be created"_s;
    // The map is sorted, so a folder comes before what it holds and is a real folder by then.
    for (auto it = workspace.entries().constBegin(); it != workspace.entries().constEnd(); ++it) {
        if (filter && !filter(it.key()))
            continue;
        if (QString error = writeEntry(root, it.key(), it.value()); !error.isEmpty())
            return error;
    }
    return {};
}

bool ScratchWorkspace::remove(const QString &root, const QString &path)
{
    const QString full = root + u'/' + path;
    return clear(QFile::encodeName(full), full, false);
}

Workspace ScratchWorkspace::read(const QString &root, const WorkspaceArchive::Limits &limits,
                                 QStringList *notes)
{
    Reader reader{root, limits, {}, notes};
    reader.readFolder({});
    if (reader.notesLeftOut > 0)
        notes->append(u"and %1 more"_s.arg(reader.notesLeftOut));
    return reader.result;
}

} // namespace Emulator
