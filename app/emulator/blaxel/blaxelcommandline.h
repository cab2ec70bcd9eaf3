#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace Emulator {

// Turns the process API's command text into a program and arguments without a shell. Splitting follows the
// shell's quoting (spaces, '...', "...", backslash) but refuses what only a shell could do (pipes,
// redirections, ';', '&', '$', backquotes). Only the programs workspaces need run (tar, ls, cat, python3,
// mkdir, rm, and mv for a rename in the Files tab); an argument starting with '/' names a path inside the
// sandbox and is mapped into its folder,
// ".." is refused, and a path argument that resolves outside the folder is refused. tar runs with
// --force-local and only the options that neither run other programs nor follow or write absolute paths.
// python3 can do anything its user can: the allow-list keeps mistakes in, not a holder of the API key out.
class BlaxelCommandLine
{
public:
    static constexpr qsizetype maxCommandLength = 8192;
    static constexpr qsizetype maxArguments = 256;

    struct Prepared
    {
        QString program; // absolute
        QStringList arguments;
    };

    static const QStringList &allowedPrograms();
    // nullopt with `error` set on unbalanced quotes or shell syntax.
    static std::optional<QStringList> split(const QString &command, QString *error);
    // `root`: the sandbox's canonical folder; `workingDir`: the real working directory inside it.
    static std::optional<Prepared> prepare(const QString &command, const QString &root,
                                           const QString &workingDir, QString *error);

private:
    static bool checkTarOptions(const QStringList &arguments, QString *error);
    static std::optional<QString> mapArgument(const QString &argument, const QString &root,
                                              const QString &workingDir, QString *error);
};

} // namespace Emulator
