#pragma once

#include <QList>
#include <QString>
#include <QStringList>

// One option of sandboxdeck-cli as the parser, the help and the man page see it.
struct CliOptionSpec
{
    QString name;      // without dashes: "ttl"
    QString valueName; // "SECONDS"; empty for a flag
    QString description;
    bool repeatable = false; // given several times, each value kept (CliCommand::lists)

    bool takesValue() const { return !valueName.isEmpty(); }
};

// One sub-command: its name ("local upload"), the arguments it takes and the options it accepts. The
// parser checks argv against it and the help is written from it, so the two cannot disagree.
struct CliCommandSpec
{
    QString name;
    // "SERVER", "ID"; the last may end in "..." (one or more); optional ones, last, in brackets ("[PATH]")
    QStringList argumentNames;
    QString synopsis; // the options part of the usage line, with their alternatives
    QString summary;
    QList<CliOptionSpec> options;

    qsizetype requiredArguments() const;
    bool takesMoreArguments() const;
    const CliOptionSpec *option(const QString &optionName) const;
};

// The table of sandboxdeck-cli's commands and options.
class CliCommandSpecs
{
public:
    static const QList<CliCommandSpec> &all();
    static const CliCommandSpec *find(const QString &name);
    // The options every command accepts, before or after it.
    static const QList<CliOptionSpec> &globalOptions();
    // Whether any command accepts this option: an option given to the wrong one is named as such.
    static bool isCommandOption(const QString &optionName);
    // "local" and "blaxel" are groups, not commands: their sub-commands are "local list" and so on. A group
    // may hold another ("blaxel fs", whose commands are "blaxel fs ls" and so on).
    static bool isGroup(const QString &name);
    static QStringList groups();
    // The next words after the group: "fs" once for "blaxel fs ls" and "blaxel fs cat".
    static QStringList subcommandsOf(const QString &group);
};
