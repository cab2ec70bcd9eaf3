#include "api/apikeypolicy.h"
#include "api/httptransport.h"
#include "api/urlpolicy.h"
#include "catalog/blaxelhosts.h"
#include "catalog/klavishosts.h"
#include "cli/clirunner.h"
#include "cli/cliusage.h"
#include "cli/commandlineparser.h"
#include "cli/terminaltext.h"

#include <QCoreApplication>
#include <QProcessEnvironment>
#include <QTextStream>

#include <cstdio>

using namespace Qt::StringLiterals;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(u"sandboxdeck-cli"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(SANDBOXDECK_VERSION));

    QTextStream err(stderr);
    const auto parsed = CommandLineParser::parse(app.arguments().mid(1));
    switch (parsed.action) {
    case CommandLineParser::Action::ShowHelp:
    case CommandLineParser::Action::ShowVersion:
        QTextStream(stdout) << parsed.text;
        return 0;
    case CommandLineParser::Action::UsageError:
        // One line and a hint, not the whole usage; the arguments may carry text a script took from a server.
        err << "sandboxdeck-cli: " << TerminalText::escape(parsed.text) << '\n' << CliUsage::hint();
        return 2;
    case CommandLineParser::Action::Run:
        break;
    }
    CliCommand resolved = parsed.command;
    const CliCommand *command = &resolved;

    const auto environment = QProcessEnvironment::systemEnvironment();
    // Blaxel's commands read Blaxel's variables (those of its own `bl` CLI), Klavis's read Klavis's.
    const bool blaxel = command->isBlaxel();
    const QString keyVariable = blaxel ? u"BL_API_KEY"_s : u"KLAVIS_API_KEY"_s;
    if (blaxel && !command->has(u"workspace"_s)) {
        const QString workspace = environment.value(u"BL_WORKSPACE"_s).trimmed();
        if (workspace.isEmpty()) {
            err << "sandboxdeck-cli: `" << command->name
                << "` needs a workspace: --workspace W or BL_WORKSPACE\n"
                << CliUsage::hint();
            return 2;
        }
        resolved.options.insert(u"workspace"_s, workspace);
    }
    TransportConfig config;
    QString baseUrl = command->baseUrl;
    if (baseUrl.isEmpty() && blaxel)
        baseUrl = environment.value(u"BL_API_URL"_s, BlaxelHosts::defaultBaseUrl().toString());
    else if (baseUrl.isEmpty())
        baseUrl = environment.value(u"KLAVIS_BASE_URL"_s, KlavisHosts::defaultBaseUrl().toString());
    config.baseUrl = QUrl(baseUrl, QUrl::StrictMode);
    // The key goes to this URL: https, or plain http only to this machine (the emulator).
    if (const QString problem = UrlPolicy::checkBaseUrl(config.baseUrl); !problem.isEmpty()) {
        err << "sandboxdeck-cli: " << TerminalText::escapeKeepingLines(problem) << '\n';
        return 2;
    }
    // A key pasted with its newline, or one carrying a CR LF and a header of its own, is never sent.
    const ApiKeyCheck key = ApiKeyPolicy::checkApiKey(environment.value(keyVariable));
    if (!key.isValid()) {
        err << "sandboxdeck-cli: " << keyVariable << ": " << key.error << '\n';
        return 2;
    }
    if (key.trimmedTrailingWhitespace)
        err << "sandboxdeck-cli: note: " << keyVariable << ": " << ApiKeyPolicy::trimmedNote() << '\n';
    config.apiKey = key.key;
    config.callDeadlineMs = command->timeoutSeconds * 1000;

    HttpTransport transport(config);
    CliRunner runner(*command, &transport);
    QObject::connect(&runner, &CliRunner::finished, &app, &QCoreApplication::exit);
    runner.start();
    return app.exec();
}
