#include "api/secretfile.h"

#include <QCoreApplication>
#include <QDir>
#include <QSaveFile>

QString SecretFile::write(const QString &path, const QByteArray &bytes)
{
    const QString shown = QDir::toNativeSeparators(path);
    // QSaveFile writes a temporary file and renames it over the target on commit: the mode is set on that
    // temporary file before a byte is written, so the secret is never readable by others, not even briefly.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return QCoreApplication::translate("SecretFile", "Cannot write %1: %2")
            .arg(shown, file.errorString());
    if (!file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner)) {
        file.cancelWriting();
        return QCoreApplication::translate("SecretFile", "Cannot make %1 readable by you alone: %2")
            .arg(shown, file.errorString());
    }
    if (file.write(bytes) != bytes.size() || !file.commit())
        return QCoreApplication::translate("SecretFile", "Cannot write %1: %2")
            .arg(shown, file.errorString());
    return {};
}
