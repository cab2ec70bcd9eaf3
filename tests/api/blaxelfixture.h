#pragma once

#include <QFile>
#include <QString>
#include <QTest>

// Reads a file of tests/data/blaxel/client (see its README).
inline QByteArray readBlaxelFixture(const QString &name)
{
    const QString path = QStringLiteral(SANDBOXDECK_TEST_DATA_DIR "/blaxel/client/") + name;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(path));
    return file.readAll();
}
