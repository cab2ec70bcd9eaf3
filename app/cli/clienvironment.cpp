#include "cli/clienvironment.h"

#include "api/apikeypolicy.h"
#include "api/urlpolicy.h"
#include "catalog/blaxelhosts.h"
#include "catalog/klavishosts.h"
#include "cli/cliusage.h"
#include "cli/terminaltext.h"

#include <QProcessEnvironment>
#include <QTextStream>

using namespace Qt::StringLiterals;

std::optional<TransportConfig> CliEnvironment::resolve(CliCommand *command, QTextStream &err)
{
    const auto environment = QProcessEnvironment::systemEnvironment();
    const bool blaxel = command->isBlaxel();
    const QString keyVariable = blaxel ? u"BL_API_KEY"_s : u"KLAVIS_API_KEY"_s;
    if (blaxel && !command->has(u"workspace"_s)) {
        const QString workspace = environment.value(u"BL_WORKSPACE"_s).trimmed();
        if (workspace.isEmpty()) {
            err << "sandboxdeck-cli: `" << command->name
                << "` needs a workspace: --workspace W or BL_WORKSPACE\n"
                << CliUsage::hint();
            return std::nullopt;
        }
        command->options.insert(u"workspace"_s, workspace);
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
        return std::nullopt;
    }
    // A key pasted with its newline, or one carrying a CR LF and a header of its own, is never sent.
    const ApiKeyCheck key = ApiKeyPolicy::checkApiKey(environment.value(keyVariable));
    if (!key.isValid()) {
        err << "sandboxdeck-cli: " << keyVariable << ": " << key.error << '\n';
        return std::nullopt;
    }
    if (key.trimmedTrailingWhitespace)
        err << "sandboxdeck-cli: note: " << keyVariable << ": " << ApiKeyPolicy::trimmedNote() << '\n';
    config.apiKey = key.key;
    config.callDeadlineMs = command->timeoutSeconds * 1000;
    return config;
}
