#include "emulator/blaxel/blaxelcommandline.h"

#include "emulator/blaxel/blaxelsandboxpaths.h"

#include <QStandardPaths>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

bool isShellOperator(QChar c)
{
    return c == u'|' || c == u'&' || c == u';' || c == u'<' || c == u'>' || c == u'(' || c == u')' ||
           c == u'$' || c == u'`';
}

QString shellRefusal(QChar c)
{
    return u"'%1' needs a shell, and commands here run without one: run one program with its arguments"_s.arg(
        c);
}

} // namespace

const QStringList &BlaxelCommandLine::allowedPrograms()
{
    static const QStringList programs{u"tar"_s,   u"ls"_s, u"cat"_s, u"python3"_s,
                                      u"mkdir"_s, u"rm"_s, u"mv"_s};
    return programs;
}

std::optional<QStringList> BlaxelCommandLine::split(const QString &command, QString *error)
{
    if (command.size() > maxCommandLength) {
        *error = u"the command is longer than %1 characters"_s.arg(maxCommandLength);
        return std::nullopt;
    }
    enum class Quote
    {
        None,
        Single,
        Double
    };
    QStringList words;
    QString word;
    bool inWord = false;
    Quote quote = Quote::None;
    for (qsizetype i = 0; i < command.size(); ++i) {
        const QChar c = command.at(i);
        if (c.unicode() < 0x20 && c != u'\t' && c != u'\n') {
            *error = u"the command contains a control character"_s;
            return std::nullopt;
        }
        switch (quote) {
        case Quote::Single:
            if (c == u'\'')
                quote = Quote::None;
            else
                word += c;
            continue;
        case Quote::Double:
            if (c == u'"') {
                quote = Quote::None;
            } else if (c == u'\\' && i + 1 < command.size() &&
                       (command.at(i + 1) == u'"' || command.at(i + 1) == u'\\' ||
                        command.at(i + 1) == u'$' || command.at(i + 1) == u'`')) {
                word += command.at(++i);
            } else if (c == u'$' || c == u'`') {
                *error = shellRefusal(c);
                return std::nullopt;
            } else {
                word += c;
            }
            continue;
        case Quote::None:
            break;
        }
        if (c == u' ' || c == u'\t' || c == u'\n') {
            if (inWord)
                words.append(word);
            word.clear();
            inWord = false;
            continue;
        }
        inWord = true;
        if (c == u'\'') {
            quote = Quote::Single;
        } else if (c == u'"') {
            quote = Quote::Double;
        } else if (c == u'\\') {
            if (i + 1 >= command.size()) {
                *error = u"the command ends with a lone backslash"_s;
                return std::nullopt;
            }
            word += command.at(++i);
        } else if (isShellOperator(c)) {
            *error = shellRefusal(c);
            return std::nullopt;
        } else {
            word += c;
        }
        if (words.size() >= maxArguments) {
            *error = u"the command has more than %1 words"_s.arg(maxArguments);
            return std::nullopt;
        }
    }
    if (quote != Quote::None) {
        *error = u"the command has an unclosed quote"_s;
        return std::nullopt;
    }
    if (inWord)
        words.append(word);
    return words;
}

bool BlaxelCommandLine::checkTarOptions(const QStringList &arguments, QString *error)
{
    // An allow-list: nothing that runs a program (-I, --to-command, --checkpoint-action, -F, --rsh-command),
    // takes absolute names (-P), follows links (-h) or writes through them (--overwrite).
    static const QString shortOptions = u"cxtzjJvfCpkmoO"_s;
    static const QStringList longOptions{
        u"create"_s,
        u"extract"_s,
        u"get"_s,
        u"list"_s,
        u"gzip"_s,
        u"gunzip"_s,
        u"verbose"_s,
        u"file"_s,
        u"directory"_s,
        u"exclude"_s,
        u"numeric-owner"_s,
        u"no-same-owner"_s,
        u"same-owner"_s,
        u"no-same-permissions"_s,
        u"same-permissions"_s,
        u"preserve-permissions"_s,
        u"keep-old-files"_s,
        u"touch"_s,
        u"strip-components"_s,
        u"wildcards"_s,
        u"no-wildcards"_s,
        u"anchored"_s,
        u"sort"_s,
        u"mtime"_s,
        u"owner"_s,
        u"group"_s,
        u"mode"_s,
        u"format"_s,
        u"force-local"_s,
        u"totals"_s,
        u"no-recursion"_s,
    };
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString &argument = arguments.at(i);
        if (argument.startsWith(u"--")) {
            const QString name = argument.mid(2).section(u'=', 0, 0);
            if (!longOptions.contains(name)) {
                *error = u"tar option --%1 is not allowed here"_s.arg(name);
                return false;
            }
            continue;
        }
        // The old style "tar xzf a.tgz" bundles its options in the first word without a dash.
        const bool bundle = argument.startsWith(u'-') || i == 0;
        if (!bundle || argument == u"-")
            continue;
        for (const QChar letter : argument.mid(argument.startsWith(u'-') ? 1 : 0)) {
            if (!shortOptions.contains(letter)) {
                *error = u"tar option -%1 is not allowed here"_s.arg(letter);
                return false;
            }
        }
    }
    return true;
}

std::optional<QString> BlaxelCommandLine::mapArgument(const QString &argument, const QString &root,
                                                      const QString &workingDir, QString *error)
{
    // The value of an option like --file=/x or --directory=sub is a path as much as a plain argument is.
    const bool option = argument.startsWith(u'-');
    const qsizetype equals = option ? argument.indexOf(u'=') : -1;
    const QString prefix = equals >= 0 ? argument.left(equals + 1) : QString();
    const QString value = equals >= 0 ? argument.mid(equals + 1) : argument;
    if (option && equals < 0)
        return argument;
    for (const QString &part : value.split(u'/')) {
        if (part == u"..") {
            *error = u"'%1' leaves the sandbox (..)"_s.arg(argument);
            return std::nullopt;
        }
    }
    QString mapped = value;
    if (value.startsWith(u'/')) {
        const std::optional<QString> sandboxPath = BlaxelSandboxPaths::sandboxPath(value, error);
        if (!sandboxPath)
            return std::nullopt;
        mapped = *sandboxPath == u"/" ? root : root + *sandboxPath;
    }
    const QString real = mapped.startsWith(u'/') ? mapped : workingDir + u'/' + mapped;
    if (!BlaxelSandboxPaths::staysInside(root, real)) {
        *error = u"'%1' leads outside the sandbox"_s.arg(argument);
        return std::nullopt;
    }
    return prefix + mapped;
}

std::optional<BlaxelCommandLine::Prepared> BlaxelCommandLine::prepare(const QString &command,
                                                                      const QString &root,
                                                                      const QString &workingDir,
                                                                      QString *error)
{
    const std::optional<QStringList> words = split(command, error);
    if (!words)
        return std::nullopt;
    if (words->isEmpty()) {
        *error = u"the command is empty"_s;
        return std::nullopt;
    }
    const QString &name = words->constFirst();
    if (!allowedPrograms().contains(name)) {
        *error = u"'%1' is not allowed: the emulator runs only %2"_s.arg(name.left(64),
                                                                         allowedPrograms().join(u", "_s));
        return std::nullopt;
    }
    Prepared prepared;
    prepared.program = QStandardPaths::findExecutable(name, {u"/usr/bin"_s, u"/bin"_s});
    if (prepared.program.isEmpty()) {
        *error = u"%1 is not installed on the emulator's machine"_s.arg(name);
        return std::nullopt;
    }
    const QStringList arguments = words->mid(1);
    if (name == u"tar") {
        if (!checkTarOptions(arguments, error))
            return std::nullopt;
        if (const QString link = BlaxelSandboxPaths::escapingLink(root); !link.isEmpty()) {
            *error = u"tar is refused while the link %1 points outside the sandbox"_s.arg(link);
            return std::nullopt;
        }
    }
    for (const QString &argument : arguments) {
        const std::optional<QString> mapped = mapArgument(argument, root, workingDir, error);
        if (!mapped)
            return std::nullopt;
        if ((name == u"rm" || name == u"mv") && (*mapped == root || *mapped == root + u'/')) {
            *error = u"%1 of the sandbox's root is refused"_s.arg(name);
            return std::nullopt;
        }
        prepared.arguments.append(*mapped);
    }
    if (name == u"tar") {
        // A file name with ':' would otherwise name a remote host, reached through rsh. Modes come out as
        // they went in, as for root in a real sandbox, not narrowed by the emulator's umask.
        prepared.arguments.prepend(u"--preserve-permissions"_s);
        prepared.arguments.prepend(u"--force-local"_s);
    }
    return prepared;
}

} // namespace Emulator
