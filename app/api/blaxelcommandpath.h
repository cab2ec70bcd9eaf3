#pragma once

#include <QString>
#include <QStringList>

// A path quoted for the process API's command line: the real sandbox hands it to a shell, the emulator
// splits it the shell's way, and inside single quotes neither reads anything but the closing quote.
inline QString blaxelCommandQuoted(const QString &path)
{
    QString inner = path;
    inner.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + inner + QLatin1Char('\'');
}

// A path a transfer may name on a command line: absolute (tar's -C and the archive's entries never depend on
// where the command runs), not the root, and with no '..' that a real sandbox's shell would follow out.
inline bool isBlaxelCommandPath(const QString &path)
{
    if (!path.startsWith(QLatin1Char('/')) || path.size() < 2)
        return false;
    const QStringList parts = path.split(QLatin1Char('/'));
    return !parts.contains(QStringLiteral(".."));
}
