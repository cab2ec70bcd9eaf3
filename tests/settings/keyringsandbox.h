#pragma once

// The keychain suites run under with-keyring.sh, which gives them a HOME of their own
// (SANDBOXDECK_KEYRING_SANDBOX) holding the settings file and the keyring: a secret stored right is in none
// of its plain files.

#include <QByteArray>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QList>
#include <QStringList>

namespace KeyringSandbox {

struct Scan
{
    int files = 0;       // the files read
    QStringList holding; // those that hold one of the secrets
};

inline QString path()
{
    return qEnvironmentVariable("SANDBOXDECK_KEYRING_SANDBOX");
}

inline Scan filesHolding(const QList<QByteArray> &secrets)
{
    Scan scan;
    QDirIterator it(path(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile file(it.next());
        if (!file.open(QIODevice::ReadOnly))
            continue;
        ++scan.files;
        const QByteArray content = file.readAll();
        for (const QByteArray &secret : secrets) {
            if (content.contains(secret)) {
                scan.holding << file.fileName();
                break;
            }
        }
    }
    return scan;
}

} // namespace KeyringSandbox
