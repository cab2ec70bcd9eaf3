#include "runs/runexporter.h"

#include "api/secretfile.h"
#include "api/unsafecharacters.h"
#include "api/urlpolicy.h"
#include "catalog/mcpclientconfig.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace {

QString identifierPart(const QString &text)
{
    QString result;
    result.reserve(text.size());
    for (const QChar c : text)
        result.append(c.isLetterOrNumber() && c.unicode() < 0x80 ? c.toLower() : u'_');
    return result;
}

QString providerWord(const RunSlot &slot)
{
    return slot.local ? u"klavis-local"_s : u"klavis"_s;
}

} // namespace

QString RunExporter::key(const RunSlot &slot, const QString &server)
{
    if (slot.local)
        return u"local_%1_%2_%3"_s.arg(slot.localSet).arg(slot.ordinal).arg(identifierPart(server));
    return u"%1_%2"_s.arg(identifierPart(server)).arg(slot.ordinal);
}

QString RunExporter::variableName(const RunSlot &slot, const QString &server)
{
    return u"%1_MCP_URL"_s.arg(key(slot, server).toUpper());
}

QString RunExporter::configFileName(const RunSlot &slot)
{
    if (slot.local)
        return u"local_%1_%2.json"_s.arg(slot.localSet).arg(slot.ordinal);
    return key(slot, slot.servers.value(0)) + u".json"_s;
}

bool RunExporter::isExportable(const QString &url)
{
    for (const char32_t c : url.toUcs4())
        if (UnsafeCharacters::isUnsafe(c))
            return false;
    // What a server hands out is held to the rule every MCP URL follows (https, or http to loopback).
    const QUrl parsed(url, QUrl::StrictMode);
    return parsed.isValid() && UrlPolicy::checkMcpUrl(parsed).isEmpty();
}

QByteArray RunExporter::urlMap(const QString &runName, const QList<RunSandbox> &sandboxes,
                               QStringList *skipped)
{
    QJsonObject urls;
    QJsonArray entries;
    for (const auto &sandbox : sandboxes) {
        if (!sandbox.isHeld())
            continue;
        QJsonObject mcpUrls;
        for (const auto &[server, url] : sandbox.mcpUrls) {
            if (!isExportable(url)) {
                if (skipped)
                    skipped->append(key(sandbox.slot, server));
                continue;
            }
            urls.insert(key(sandbox.slot, server), url);
            mcpUrls.insert(server, url);
        }
        QJsonObject entry{{u"provider"_s, providerWord(sandbox.slot)},
                          {u"sandbox_id"_s, sandbox.sandboxId},
                          {u"servers"_s, QJsonArray::fromStringList(sandbox.slot.servers)},
                          {u"ordinal"_s, sandbox.slot.ordinal},
                          {u"mcp_urls"_s, mcpUrls}};
        if (sandbox.slot.local)
            entry.insert(u"local_set"_s, sandbox.slot.localSet);
        entries.append(entry);
    }
    const QJsonObject root{{u"run"_s, runName}, {u"urls"_s, urls}, {u"sandboxes"_s, entries}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

QByteArray RunExporter::envFile(const QString &runName, const QList<RunSandbox> &sandboxes)
{
    // The run name passed RunPlanParser::checkName: no character a shell or dotenv reader would act on.
    QByteArray text =
        "# SandboxDeck run " + runName.toUtf8() + "\nSANDBOXDECK_RUN='" + runName.toUtf8() + "'\n";
    for (const auto &sandbox : sandboxes) {
        if (!sandbox.isHeld())
            continue;
        for (const auto &[server, url] : sandbox.mcpUrls) {
            if (!isExportable(url))
                continue;
            // Single quotes: neither a shell nor a dotenv reader expands anything inside them. A quote in
            // the URL itself is percent-encoded, which means the same to an HTTP client.
            QByteArray value = url.toUtf8();
            value.replace('\'', "%27");
            text += variableName(sandbox.slot, server).toUtf8() + "='" + value + "'\n";
        }
    }
    return text;
}

QString RunExporter::writeAtomically(const QString &path, const QByteArray &bytes)
{
    if (const QString folder = QFileInfo(path).absolutePath(); !QDir().mkpath(folder))
        return u"Cannot create the folder %1."_s.arg(QDir::toNativeSeparators(folder));
    return SecretFile::write(path, bytes);
}

QString RunExporter::writeUrlMap(const QString &path, const QString &runName,
                                 const QList<RunSandbox> &sandboxes)
{
    return writeAtomically(path, urlMap(runName, sandboxes));
}

QString RunExporter::writeEnvFile(const QString &path, const QString &runName,
                                  const QList<RunSandbox> &sandboxes)
{
    return writeAtomically(path, envFile(runName, sandboxes));
}

QString RunExporter::writeMcpConfigs(const QString &folder, const QList<RunSandbox> &sandboxes)
{
    for (const auto &sandbox : sandboxes) {
        if (!sandbox.isHeld())
            continue;
        QList<QPair<QString, QString>> named;
        for (const auto &[server, url] : sandbox.mcpUrls)
            if (isExportable(url))
                named.append({server, url});
        if (QString problem = writeAtomically(QDir(folder).filePath(configFileName(sandbox.slot)),
                                              McpClientConfig::build(named));
            !problem.isEmpty())
            return problem;
    }
    return {};
}
