#include "emulator/blaxel/blaxelsandboxpaths.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace Emulator {

std::optional<QString> BlaxelSandboxPaths::sandboxPath(const QString &path, QString *error)
{
    if (path.size() > 4096) {
        *error = u"path is too long"_s;
        return std::nullopt;
    }
    for (const QChar c : path) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f) {
            *error = u"path contains a control character"_s;
            return std::nullopt;
        }
    }
    const QString absolute = path.startsWith(u'/') ? path : workingDirectory() + u'/' + path;
    QStringList kept;
    for (const QString &part : absolute.split(u'/', Qt::SkipEmptyParts)) {
        if (part == u".")
            continue;
        if (part == u"..") {
            *error = u"path '%1' leaves the sandbox (..)"_s.arg(path);
            return std::nullopt;
        }
        kept.append(part);
    }
    return u"/"_s + kept.join(u'/');
}

std::optional<QString> BlaxelSandboxPaths::fromUrlSegments(const QStringList &segments, QString *error)
{
    // The sandbox's router reads the decoded path, so an encoded '/' is a '/' like any other: @blaxel/core
    // sends "/app/x" as "%2Fapp%2Fx", and ".." stays refused after the join.
    return sandboxPath(segments.join(u'/'), error);
}

bool BlaxelSandboxPaths::staysInside(const QString &root, const QString &realPath)
{
    // The deepest part that exists decides: a link anywhere above the target shows in its canonical path.
    QString probe = realPath;
    while (!QFileInfo::exists(probe) && !QFileInfo(probe).isSymLink()) {
        const qsizetype slash = probe.lastIndexOf(u'/');
        if (slash <= 0)
            return false;
        probe.truncate(slash);
    }
    const QString canonical = QFileInfo(probe).canonicalFilePath();
    // A dangling link has no canonical path: refused, since what it names could be created outside later.
    if (canonical.isEmpty())
        return false;
    return canonical == root || canonical.startsWith(root + u'/');
}

QString BlaxelSandboxPaths::escapingLink(const QString &root)
{
    QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo info(it.next());
        if (!info.isSymLink())
            continue;
        const QString canonical = info.canonicalFilePath();
        const QString target = canonical.isEmpty() ? QDir::cleanPath(info.symLinkTarget()) : canonical;
        if (target != root && !target.startsWith(root + u'/'))
            return info.absoluteFilePath().mid(root.size());
    }
    return {};
}

std::optional<QString> BlaxelSandboxPaths::realPath(const QString &root, const QString &sandboxPath,
                                                    QString *error)
{
    const QString real = sandboxPath == u"/" ? root : root + sandboxPath;
    if (!staysInside(root, real)) {
        *error = u"path '%1' leads outside the sandbox"_s.arg(sandboxPath);
        return std::nullopt;
    }
    return real;
}

} // namespace Emulator
