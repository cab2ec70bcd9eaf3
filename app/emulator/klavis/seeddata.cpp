#include "emulator/klavis/seeddata.h"

#include "emulator/klavis/catalog.h"
#include "emulator/klavis/sandboxjson.h"
#include "emulator/server/idgenerator.h"
#include "emulator/state/localsandbox.h"
#include "emulator/state/remotesandbox.h"

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

struct ServerShare
{
    QString name;
    int count;
};

// 40 sandboxes in all; the first of each server is idle, and every server hands out more from its idle pool.
const QList<ServerShare> &shares()
{
    static const QList<ServerShare> list = {
        {u"github"_s, 5},  {u"jira"_s, 4},         {u"slack"_s, 4},     {u"gmail"_s, 4},
        {u"notion"_s, 3},  {u"linear"_s, 3},       {u"cal.com"_s, 3},   {u"salesforce"_s, 3},
        {u"hubspot"_s, 3}, {u"google_drive"_s, 3}, {u"snowflake"_s, 3}, {u"postgres"_s, 2},
    };
    return list;
}

QString sanitized(const QString &serverName)
{
    QString out = serverName;
    out.replace(u'.', u'-');
    out.replace(u'_', u'-');
    return out;
}

} // namespace

QString SeedData::testAccountEmail(const QString &serverName, int number)
{
    return u"qa+%1-%2@sandbox.example.com"_s.arg(sanitized(serverName)).arg(number, 2, 10, QChar(u'0'));
}

void SeedData::fillSecrets(RemoteSandbox &sandbox, IdGenerator &ids, const QDateTime &now)
{
    const QString slug = sanitized(sandbox.serverName);
    if (sandbox.serverName == u"postgres" || sandbox.serverName == u"snowflake") {
        sandbox.metadata = QJsonObject{
            {u"database"_s, u"%1_demo_%2"_s.arg(slug, ids.hex(2))},
            {u"host"_s, u"%1.sandbox.example.com"_s.arg(slug)},
            {u"test_account_email"_s, sandbox.testAccountEmail},
        };
        sandbox.authData = QJsonObject{
            {u"username"_s, u"sandbox_%1"_s.arg(ids.hex(3))},
            {u"password"_s, QString(u"demo-pw-"_s + ids.hex(12))},
        };
        return;
    }
    sandbox.metadata = QJsonObject{
        {u"workspace"_s, u"%1-ws-%2"_s.arg(slug, ids.hex(3))},
        {u"api_token"_s, QString(u"demo-tok-"_s + ids.hex(16))},
        {u"test_account_email"_s, sandbox.testAccountEmail},
    };
    sandbox.authData = QJsonObject{
        {u"access_token"_s, QString(u"demo-"_s + ids.hex(20))},
        {u"refresh_token"_s, QString(u"demo-refresh-"_s + ids.hex(20))},
        {u"token_type"_s, u"Bearer"_s},
        {u"expires_at"_s, SandboxJson::timestamp(now.addSecs(3600))},
    };
}

QList<RemoteSandbox> SeedData::remoteSandboxes(IdGenerator &ids, const QDateTime &now)
{
    static const QStringList leaseTagChoices = {u"nightly"_s, u"exp-42"_s, u"run-17"_s, u"ci"_s};
    static const QStringList teamTagChoices = {u"team-a"_s, u"team-b"_s};
    QList<RemoteSandbox> list;
    int index = 0;
    for (const ServerShare &share : shares()) {
        for (int n = 1; n <= share.count; ++n, ++index) {
            RemoteSandbox sandbox;
            sandbox.id = ids.uuid();
            sandbox.instanceId = ids.uuid();
            sandbox.serverName = share.name;
            sandbox.testAccountEmail = testAccountEmail(share.name, n);
            // The first of each server stays idle so a demo can acquire any of them; two are broken.
            const int roll = ids.bounded(100);
            if (index == 10 || index == 27)
                sandbox.status = u"error"_s;
            else if (n == 1 || roll < 50)
                sandbox.status = u"idle"_s;
            else
                sandbox.status = u"occupied"_s;
            // Drawn for every sandbox so that the rest of the seed stays as it was; kept by held ones only.
            const QString teamTag = ids.bounded(3) == 0 ? ids.pick(teamTagChoices) : QString();
            if (sandbox.status == u"occupied") {
                if (!teamTag.isEmpty())
                    sandbox.tags.append(teamTag);
                const int benchmark = ids.bounded(4);
                sandbox.benchmark = benchmark < 3 ? Catalog::benchmarks().at(benchmark) : QString();
                sandbox.tags.append(ids.pick(leaseTagChoices));
                if (ids.bounded(4) == 0)
                    sandbox.tags.append(u"exp-42"_s);
                sandbox.tags.removeDuplicates();
                sandbox.updatedAt = now.addSecs(-(120 + ids.bounded(3 * 24 * 3600)));
            } else {
                sandbox.updatedAt = now.addSecs(-(3600 + ids.bounded(30 * 24 * 3600)));
            }
            fillSecrets(sandbox, ids, now);
            list.append(sandbox);
        }
    }
    return list;
}

QList<LocalSandbox> SeedData::localSandboxes(IdGenerator &ids, const QDateTime &now)
{
    const auto make = [&](const QStringList &servers, const QString &status, const QString &benchmark,
                          qint64 ageSeconds) {
        LocalSandbox sandbox;
        sandbox.id = ids.uuid();
        sandbox.status = status;
        sandbox.benchmark = benchmark;
        sandbox.createdAt = now.addSecs(-ageSeconds);
        sandbox.updatedAt = sandbox.createdAt.addSecs(ageSeconds / 3);
        for (const QString &server : servers)
            sandbox.servers.append(LocalSandbox::Server{ids.uuid(), server});
        return sandbox;
    };
    LocalSandbox withWorkspace =
        make({u"filesystem"_s, u"git"_s, u"terminal"_s}, u"occupied"_s, QString(), 2 * 3600 + 17 * 60);
    Workspace &ws = withWorkspace.workspace;
    ws.addFile(u"README.md"_s, "# Demo workspace\n\nSeeded by the SandboxDeck emulator (run " +
                                   ids.hex(4).toLatin1() + ").\n");
    ws.addFile(u"config.json"_s, "{\n  \"name\": \"demo\",\n  \"debug\": false,\n  \"retries\": 3\n}\n");
    ws.addFile(u"src/main.py"_s, "#!/usr/bin/env python3\nprint(\"hello from the sandbox\")\n", 0755);
    ws.addFile(u"notes/\u00c4\u00d6.txt"_s,
               QString(u"Umlauts survive: \u00e4\u00f6\u00fc \u00c4\u00d6\u00dc\n"_s).toUtf8());
    ws.addSymlink(u"notes/readme-link.md"_s, u"../README.md"_s);

    return {
        withWorkspace,
        make({u"arxiv"_s, u"pdf-tools"_s}, u"occupied"_s, u"Toolathlon"_s, qint64{26} * 3600),
        make({u"excel"_s, u"word"_s, u"powerpoint"_s, u"code-executor"_s}, u"idle"_s, QString(),
             qint64{4} * 24 * 3600),
    };
}

} // namespace Emulator
