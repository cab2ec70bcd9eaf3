#include "emulator/blaxel/blaxelsandboxstorage.h"

#include "emulator/blaxel/blaxelsandboxpaths.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

using namespace Qt::StringLiterals;

namespace Emulator {

QString BlaxelSandboxStorage::base(const QString &dataDir, QString *error)
{
    if (!m_base.isEmpty())
        return m_base;
    QString folder = dataDir;
    if (folder.isEmpty()) {
        m_temporary = std::make_unique<QTemporaryDir>(QDir::tempPath() + u"/sandboxdeck-blaxel-XXXXXX"_s);
        if (!m_temporary->isValid()) {
            *error = u"cannot create a temporary folder for sandboxes"_s;
            return {};
        }
        folder = m_temporary->path();
    }
    if (!QDir().mkpath(folder)) {
        *error = u"cannot create the data folder"_s;
        return {};
    }
    m_base = QFileInfo(folder).canonicalFilePath();
    return m_base;
}

QString BlaxelSandboxStorage::prepare(const BlaxelSandbox &sandbox, const QString &dataDir, QString *error)
{
    const QString folder = base(dataDir, error);
    if (folder.isEmpty())
        return {};
    // Workspace and sandbox names are DNS labels (checked before): no '/', no "..".
    const QString root = folder + u'/' + sandbox.workspace + u'/' + sandbox.name;
    const QString key = sandbox.workspace + u'/' + sandbox.name;
    const bool first = !m_prepared.contains(key);
    if (!QDir().mkpath(root + BlaxelSandboxPaths::workingDirectory())) {
        *error = u"cannot create the sandbox's folder"_s;
        return {};
    }
    QString canonical = QFileInfo(root).canonicalFilePath();
    if (first) {
        m_prepared.insert(key);
        for (const auto &[path, content] : sandbox.seedFiles) {
            const QString file = canonical + BlaxelSandboxPaths::workingDirectory() + u'/' + path;
            if (QFileInfo::exists(file))
                continue; // a data dir from an earlier run keeps what the user made of it
            QDir().mkpath(QFileInfo(file).path());
            QSaveFile out(file);
            if (out.open(QIODevice::WriteOnly)) {
                out.write(content);
                out.commit();
            }
        }
    }
    return canonical;
}

void BlaxelSandboxStorage::destroy(const QString &workspace, const QString &name, const QString &dataDir)
{
    m_prepared.remove(workspace + u'/' + name);
    QString error;
    const QString folder = base(dataDir, &error);
    if (folder.isEmpty())
        return;
    // removeRecursively() deletes links, never what they point to.
    QDir(folder + u'/' + workspace + u'/' + name).removeRecursively();
}

} // namespace Emulator
