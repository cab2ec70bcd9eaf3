#include "controllers/applicationcontroller.h"

#include <QApplication>
#include <QCommandLineParser>

using namespace Qt::StringLiterals;

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(u"SandboxDeck"_s);
    QApplication::setApplicationName(u"SandboxDeck"_s);
    QApplication::setApplicationVersion(QStringLiteral(SANDBOXDECK_VERSION));
    QApplication::setDesktopFileName(u"sandboxdeck"_s);

    QCommandLineParser parser;
    parser.setApplicationDescription(u"Browse and manage AI-agent sandboxes."_s);
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption demo(u"demo"_s,
                                  u"Start the built-in emulator and connect to it (no account needed)."_s);
    parser.addOption(demo);
    const QCommandLineOption profile(
        u"profile"_s, u"Start with this profile; KLAVIS_API_KEY is its key whatever its host."_s, u"NAME"_s);
    parser.addOption(profile);
    parser.process(app);

    ApplicationController controller;
    controller.setCommandLineProfile(parser.value(profile));
    if (!controller.start(parser.isSet(demo)))
        return 1;
    return app.exec();
}
