#pragma once

#include <QFile>
#include <QString>
#include <QTest>

// Reads a fixture from tests/data/klavis or, with the "samples/" prefix, the real responses in
// tests/data/provider/samples.
inline QByteArray readFixture(const QString &name)
{
    const QString path = name.startsWith(QLatin1String("samples/"))
                             ? QStringLiteral(SANDBOXDECK_PROVIDER_DIR "/") + name
                             : QStringLiteral(SANDBOXDECK_TEST_DATA_DIR "/klavis/") + name;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(path));
    return file.readAll();
}
