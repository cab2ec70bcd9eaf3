#include "settings/blaxelconfigimport.h"

#include "api/apikeypolicy.h"
#include "api/urlpolicy.h"
#include "catalog/blaxelhosts.h"
#include "settings/profilestore.h"

#include <yaml-cpp/yaml.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>

#include <exception>
#include <optional>
#include <string>

using namespace Qt::StringLiterals;

namespace {

// The path as the user knows it: ~/.blaxel/config.yaml rather than /home/someone/.blaxel/config.yaml.
QString displayPath(const QString &path)
{
    const QString home = QDir::homePath();
    if (!home.isEmpty() && home != u"/"_s && path.startsWith(home + u'/'))
        return u"~"_s + path.mid(home.size());
    return QDir::toNativeSeparators(path);
}

// A const yaml-cpp node throws when asked for its type once a lookup missed, and a subscript on a scalar
// throws too: every step checks first.
YAML::Node child(const YAML::Node &map, const char *key)
{
    if (!map.IsDefined() || !map.IsMap())
        return YAML::Node(YAML::NodeType::Undefined);
    const YAML::Node found = map[key];
    return found.IsDefined() ? found : YAML::Node(YAML::NodeType::Undefined);
}

std::optional<QString> scalar(const YAML::Node &node)
{
    if (!node.IsDefined() || !node.IsScalar())
        return std::nullopt;
    return QString::fromStdString(node.Scalar()).trimmed();
}

BlaxelConfigScan parse(const QByteArray &yaml, const QUrl &baseUrl, const QString &source)
{
    BlaxelConfigScan scan;
    YAML::Node root;
    try {
        root = YAML::Load(std::string(yaml.constData(), std::size_t(yaml.size())));
    } catch (const YAML::ParserException &error) {
        // The parser's own words may quote the text around the mistake, which can be a key: only where.
        scan.problems << BlaxelConfigImport::tr(
                             "%1 is not valid YAML (line %2, column %3): nothing was read from it.")
                             .arg(source)
                             .arg(error.mark.line + 1)
                             .arg(error.mark.column + 1);
        return scan;
    } catch (const std::exception &) {
        scan.problems
            << BlaxelConfigImport::tr("%1 could not be read as YAML: nothing was read from it.").arg(source);
        return scan;
    }

    try {
        if (!root.IsDefined() || root.IsNull())
            return scan; // an empty file: nothing to offer, nothing wrong
        if (!root.IsMap()) {
            scan.problems << BlaxelConfigImport::tr(
                                 "%1 is not a Blaxel CLI configuration (no workspaces in it).")
                                 .arg(source);
            return scan;
        }
        if (const std::optional<QString> context = scalar(child(child(root, "context"), "workspace"));
            context && ProfileStore::workspaceProblem(*context).isEmpty())
            scan.currentWorkspace = *context;

        const YAML::Node workspaces = child(root, "workspaces");
        if (!workspaces.IsDefined() || workspaces.IsNull())
            return scan;
        if (!workspaces.IsSequence()) {
            scan.problems << BlaxelConfigImport::tr(
                                 "%1: \"workspaces\" is not a list; nothing was read from it.")
                                 .arg(source);
            return scan;
        }
        if (workspaces.size() > std::size_t(BlaxelConfigImport::maxWorkspaces))
            scan.problems << BlaxelConfigImport::tr("%1 lists %2 workspaces: only the first %3 were read.")
                                 .arg(source)
                                 .arg(workspaces.size())
                                 .arg(BlaxelConfigImport::maxWorkspaces);
        QSet<QString> seen;
        const std::size_t count = std::min(workspaces.size(), std::size_t(BlaxelConfigImport::maxWorkspaces));
        for (std::size_t i = 0; i < count; ++i) {
            const YAML::Node entry = workspaces[i];
            const std::optional<QString> name = scalar(child(entry, "name"));
            // The name may be anything a hostile file holds: it is shown only once it passed the rule.
            if (!name || !ProfileStore::workspaceProblem(*name).isEmpty()) {
                scan.problems << BlaxelConfigImport::tr(
                                     "Workspace entry %1 of %2 has no usable name and was skipped.")
                                     .arg(i + 1)
                                     .arg(source);
                continue;
            }
            if (seen.contains(*name))
                continue; // the CLI uses the first one too
            seen.insert(*name);

            const YAML::Node credentials = child(entry, "credentials");
            BlaxelCredential found;
            found.workspace = *name;
            found.baseUrl = baseUrl;
            found.source = BlaxelCredential::Source::ConfigFile;
            found.isCurrentContext = *name == scan.currentWorkspace;
            QString raw = scalar(child(credentials, "apiKey")).value_or(QString());
            if (raw.isEmpty()) {
                raw = scalar(child(credentials, "access_token")).value_or(QString());
                found.keyKind = BlaxelCredential::KeyKind::AccessToken;
            }
            if (raw.isEmpty()) {
                scan.problems << BlaxelConfigImport::tr(
                                     "Workspace “%1” has no API key or login token in %2 (log in with `bl "
                                     "login %1`, or create an API key in the Blaxel console).")
                                     .arg(*name, source);
                continue;
            }
            const ApiKeyCheck check = ApiKeyPolicy::checkApiKey(raw);
            if (!check.isValid() || check.key.isEmpty()) {
                scan.problems << BlaxelConfigImport::tr("The key of workspace “%1” in %2 cannot be used: %3")
                                     .arg(*name, source, check.error);
                continue;
            }
            found.key = check.key;
            scan.credentials << found;
        }
    } catch (const std::exception &) {
        // Unexpected node shapes end the reading, never the app.
        scan.problems << BlaxelConfigImport::tr("%1 has an unexpected structure: only part of it was read.")
                             .arg(source);
    }
    return scan;
}

} // namespace

QString BlaxelConfigImport::defaultConfigPath()
{
    return QDir::homePath() + u"/.blaxel/config.yaml"_s;
}

QString BlaxelConfigImport::maskedKey(const QString &key)
{
    const QString dots = u"••••"_s;
    // Under 12 characters the last four would be a third of the key.
    return key.size() < 12 ? dots : dots + key.right(4);
}

BlaxelConfigScan BlaxelConfigImport::parseConfig(const QByteArray &yaml, const QUrl &baseUrl)
{
    return parse(yaml, baseUrl, tr("The Blaxel CLI configuration"));
}

BlaxelConfigScan BlaxelConfigImport::readConfigFile(const QString &path, const QUrl &baseUrl)
{
    BlaxelConfigScan scan;
    const QString shown = displayPath(path);
    const QFileInfo info(path);
    if (!info.exists())
        return scan;
    scan.configFileFound = true;
    // A FIFO or a device would never end; a directory is not a file.
    if (!info.isFile()) {
        scan.problems << tr("%1 is not a regular file: it was not read.").arg(shown);
        return scan;
    }
    const QString tooLarge =
        tr("%1 is larger than %2 KiB: it was not read.").arg(shown).arg(maxConfigBytes / 1024);
    if (info.size() > maxConfigBytes) {
        scan.problems << tooLarge;
        return scan;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        scan.problems << tr("%1 could not be opened: %2").arg(shown, file.errorString());
        return scan;
    }
    // It may have grown since it was measured.
    const QByteArray yaml = file.read(maxConfigBytes + 1);
    if (yaml.size() > maxConfigBytes) {
        scan.problems << tooLarge;
        return scan;
    }
    BlaxelConfigScan parsed = parse(yaml, baseUrl, shown);
    parsed.configFileFound = true;
    return parsed;
}

BlaxelConfigScan BlaxelConfigImport::scan(const QString &configPath, const QProcessEnvironment &environment)
{
    QUrl baseUrl = BlaxelHosts::defaultBaseUrl();
    const QString urlFromEnvironment = environment.value(u"BL_API_URL"_s).trimmed();
    if (!urlFromEnvironment.isEmpty()) {
        const QUrl url(urlFromEnvironment, QUrl::StrictMode);
        QString problem = UrlPolicy::checkBaseUrl(url);
        if (problem.isEmpty() && (url.hasQuery() || url.hasFragment()))
            problem = tr("The base URL must not contain a query (?...) or fragment (#...).");
        // Keys meant for that API must not go to another one: nothing is offered. The URL is not repeated,
        // it may carry a password.
        if (!problem.isEmpty()) {
            BlaxelConfigScan refused;
            refused.problems
                << tr("BL_API_URL is refused, so nothing is offered for import: %1").arg(problem);
            return refused;
        }
        baseUrl = url;
    }

    BlaxelConfigScan scan = readConfigFile(configPath, baseUrl);

    const QString workspaceFromEnvironment = environment.value(u"BL_WORKSPACE"_s).trimmed();
    if (!workspaceFromEnvironment.isEmpty()) {
        if (ProfileStore::workspaceProblem(workspaceFromEnvironment).isEmpty())
            scan.currentWorkspace = workspaceFromEnvironment;
        else
            scan.problems << tr("BL_WORKSPACE is not a usable workspace name: %1")
                                 .arg(ProfileStore::workspaceProblem(workspaceFromEnvironment));
    }
    for (BlaxelCredential &credential : scan.credentials)
        credential.isCurrentContext = credential.workspace == scan.currentWorkspace;

    const QString keyFromEnvironment = environment.value(u"BL_API_KEY"_s);
    if (keyFromEnvironment.trimmed().isEmpty())
        return scan;
    const ApiKeyCheck check = ApiKeyPolicy::checkApiKey(keyFromEnvironment);
    if (!check.isValid()) {
        scan.problems << tr("BL_API_KEY cannot be used: %1").arg(check.error);
        return scan;
    }
    if (scan.currentWorkspace.isEmpty()) {
        scan.problems << tr("BL_API_KEY is set, but no workspace goes with it: set BL_WORKSPACE too.");
        return scan;
    }
    BlaxelCredential fromEnvironment;
    fromEnvironment.workspace = scan.currentWorkspace;
    fromEnvironment.key = check.key;
    fromEnvironment.keyKind = BlaxelCredential::KeyKind::ApiKey;
    fromEnvironment.source = BlaxelCredential::Source::Environment;
    fromEnvironment.baseUrl = baseUrl;
    fromEnvironment.isCurrentContext = true;
    // The environment wins over the file, as for the CLI: the file's entry for the same workspace goes.
    scan.credentials.removeIf(
        [&](const BlaxelCredential &other) { return other.workspace == fromEnvironment.workspace; });
    scan.credentials.prepend(fromEnvironment);
    return scan;
}
