#include "workspace/extractstaging.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <ftw.h>
#include <sys/stat.h>

using namespace Qt::StringLiterals;

namespace {
constexpr qsizetype kMaxNameCharsInStagingName = 64; // keeps ".<name>.partial-XXXXXX" under NAME_MAX

int removeOne(const char *path, const struct stat *, int, struct FTW *)
{
    return std::remove(path) == 0 || errno == ENOENT ? 0 : -1;
}
} // namespace

ExtractStaging::~ExtractStaging()
{
    if (!m_committed && !m_root.isEmpty())
        removeTree(m_root);
}

bool ExtractStaging::removeTree(const QByteArray &path)
{
    // FTW_PHYS: links are removed, never followed; FTW_DEPTH: contents before their folder.
    return ::nftw(path.constData(), removeOne, 32, FTW_DEPTH | FTW_PHYS) == 0;
}

QString ExtractStaging::prepare(const QString &targetDir)
{
    if (targetDir.isEmpty())
        return QCoreApplication::translate("ExtractStaging",
                                           "No target folder was given for the extraction.");
    const QString target = QDir::cleanPath(QFileInfo(targetDir).absoluteFilePath());
    const QFileInfo targetInfo(target);
    const QString name = targetInfo.fileName();
    m_parentFolder = targetInfo.path();
    m_targetFolder = QDir::toNativeSeparators(target);
    if (name.isEmpty())
        return QCoreApplication::translate("ExtractStaging", "Choose a folder to extract into, not %1.")
            .arg(m_targetFolder);
    if (!QFileInfo(m_parentFolder).isDir())
        return QCoreApplication::translate("ExtractStaging", "The folder %1 does not exist.")
            .arg(QDir::toNativeSeparators(m_parentFolder));

    m_target = QFile::encodeName(target);
    if (QString problem = targetProblem(target); !problem.isEmpty())
        return problem;

    QByteArray pattern = QFile::encodeName(m_parentFolder + u"/."_s + name.left(kMaxNameCharsInStagingName) +
                                           u".partial-XXXXXX"_s);
    if (::mkdtemp(pattern.data()) == nullptr) {
        const int error = errno;
        if (error == ENOSPC || error == EDQUOT)
            return QCoreApplication::translate(
                       "ExtractStaging",
                       "The disk is full: not enough space in %1 (%2); nothing was extracted.")
                .arg(QDir::toNativeSeparators(m_parentFolder), qt_error_string(error));
        return QCoreApplication::translate("ExtractStaging", "Could not create a folder in %1: %2")
            .arg(QDir::toNativeSeparators(m_parentFolder), qt_error_string(error));
    }
    m_root = pattern;
    return {};
}

QString ExtractStaging::targetProblem(const QString &targetDir)
{
    const QString target = QDir::cleanPath(QFileInfo(targetDir).absoluteFilePath());
    struct stat st
    {
    };
    // lstat: a link to a folder is no folder here, the extraction would land wherever it points.
    if (::lstat(QFile::encodeName(target).constData(), &st) != 0)
        return {};
    if (!S_ISDIR(st.st_mode))
        return QCoreApplication::translate(
                   "ExtractStaging", "%1 already exists and is not a folder; choose a new or empty folder.")
            .arg(QDir::toNativeSeparators(target));
    if (!QDir(target).isEmpty(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot))
        return QCoreApplication::translate(
                   "ExtractStaging",
                   "The folder %1 already exists and is not empty; choose a new or empty folder.")
            .arg(QDir::toNativeSeparators(target));
    return {};
}

QString ExtractStaging::commit()
{
    // mkdtemp made it 0700 while being filled; the rule for folders is 0755.
    if (::chmod(m_root.constData(), 0755) != 0 || ::rename(m_root.constData(), m_target.constData()) != 0) {
        const int error = errno;
        if (error == ENOTEMPTY || error == EEXIST || error == ENOTDIR)
            return QCoreApplication::translate(
                       "ExtractStaging",
                       "%1 was created by something else during the extraction; nothing was extracted.")
                .arg(m_targetFolder);
        return QCoreApplication::translate("ExtractStaging", "Could not move the extracted files into %1: %2")
            .arg(m_targetFolder, qt_error_string(error));
    }
    m_committed = true;
    return {};
}
