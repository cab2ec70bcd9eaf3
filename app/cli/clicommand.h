#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

// One parsed invocation of sandboxdeck-cli: what to do and with which values. Building it is where usage
// errors are found (exit code 2), before anything is sent.
struct CliCommand
{
    QString name; // "list", "get", ..., "local list", "local upload", "blaxel list"
    QStringList arguments;
    QMap<QString, QString> options;   // option name without dashes -> value ("" for flags)
    QMap<QString, QStringList> lists; // a repeatable option (blaxel create --label) -> its values in order
    QString baseUrl;
    bool json = false;
    int timeoutSeconds = 90; // --timeout: the overall deadline of each API call

    bool has(const QString &option) const { return options.contains(option); }
    QString option(const QString &name) const { return options.value(name); }
    QStringList values(const QString &name) const { return lists.value(name); }
    bool isBlaxel() const { return name.startsWith(QStringLiteral("blaxel ")); }
    // Where a local sandbox's workspace is stored: --region, else us.
    QString region() const
    {
        return has(QStringLiteral("region")) ? option(QStringLiteral("region")) : QStringLiteral("us");
    }
};
