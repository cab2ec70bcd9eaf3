#include "api/unsafecharacters.h"
#include "mainwindow/applicationcontroller.h"
#include "settings/themesetting.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QRegularExpression>
#include <QTextStream>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace {

struct Options
{
    QCommandLineOption help{{u"h"_s, u"help"_s}, u"Show this help and exit."_s};
    QCommandLineOption version{{u"v"_s, u"version"_s}, u"Show the version and exit."_s};
    QCommandLineOption demo{u"demo"_s,
                            u"Start the built-in emulator and connect to it (no account needed)."_s};
    QCommandLineOption profile{
        u"profile"_s, u"Start with this profile; KLAVIS_API_KEY is its key whatever its host."_s, u"NAME"_s};
    QCommandLineOption lang{u"lang"_s, u"Use this language (en, de, ...) instead of the system's."_s,
                            u"CODE"_s};
    QCommandLineOption theme{u"theme"_s,
                             u"Use this theme (system, light, dark) instead of the one chosen in Settings."_s,
                             u"THEME"_s};

    void addTo(QCommandLineParser &parser) const
    {
        parser.setApplicationDescription(u"Browse and manage AI-agent sandboxes."_s);
        parser.addOptions({help, version, demo, profile, lang, theme});
    }
};

QStringList argumentsOf(int argc, char *argv[])
{
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    return arguments;
}

int usageError(QString what)
{
    // The message quotes argv, which may carry what a script took from elsewhere: no terminal controls.
    for (auto &c : what) {
        if (UnsafeCharacters::isControl(c.unicode()) || UnsafeCharacters::isInvisibleFormat(c.unicode()))
            c = QChar::ReplacementCharacter;
    }
    QTextStream(stderr) << "sandboxdeck: " << what << "\nTry 'sandboxdeck --help'.\n";
    return 2;
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication::setOrganizationName(u"SandboxDeck"_s);
    QApplication::setApplicationName(u"SandboxDeck"_s);
    QApplication::setApplicationVersion(QStringLiteral(SANDBOXDECK_VERSION));
    QApplication::setDesktopFileName(u"io.github.sandboxdeck.SandboxDeck"_s);

    const Options options;
    {
        // Before QApplication: it needs a display, and --version or --help must not. Qt's own options
        // (-platform, -style ...) are not known yet, so this pass reports no error; the second one does.
        QCommandLineParser early;
        options.addTo(early);
        early.parse(argumentsOf(argc, argv));
        if (early.isSet(options.help)) {
            QTextStream(stdout) << early.helpText().replace(u"<executable_name>"_s, u"sandboxdeck"_s);
            return 0;
        }
        if (early.isSet(options.version)) {
            QTextStream(stdout) << "sandboxdeck " << QApplication::applicationVersion() << '\n';
            return 0;
        }
        if (early.isSet(options.lang)) {
            static const QRegularExpression languageCode(u"\\A[a-z]{2,3}([_-][A-Za-z0-9]{2,8})?\\z"_s);
            const QString code = early.value(options.lang);
            if (!languageCode.match(code).hasMatch())
                return usageError(u"--lang needs a language code such as de or pt_BR"_s);
            // The translations are picked while the application starts; they read SANDBOXDECK_LANG.
            qputenv("SANDBOXDECK_LANG", code.toLatin1());
        }
        if (early.isSet(options.theme)) {
            const QString name = early.value(options.theme);
            if (!ThemeSetting::fromCode(name))
                return usageError(u"--theme needs one of system, light, dark"_s);
            // Like --lang: the controller applies the theme while the application starts.
            qputenv("SANDBOXDECK_THEME", name.toLatin1());
        }
    }

    QApplication app(argc, argv);
    QCommandLineParser parser;
    options.addTo(parser);
    if (!parser.parse(QApplication::arguments()))
        return usageError(parser.errorText());

    ApplicationController controller;
    controller.setCommandLineProfile(parser.value(options.profile));
    if (!controller.start(parser.isSet(options.demo)))
        return 1;
    return app.exec();
}
