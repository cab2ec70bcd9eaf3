#include "emulator/blaxel/blaxelseed.h"

#include "emulator/blaxel/blaxelsandboxjson.h"

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

QJsonObject event(const QString &type, const QString &status, const QString &message, const QDateTime &time)
{
    return QJsonObject{{u"type"_s, type},
                       {u"status"_s, status},
                       {u"message"_s, message},
                       {u"time"_s, BlaxelSandboxJson::timestamp(time)},
                       {u"revision"_s, u"rev-1"_s}};
}

BlaxelSandbox base(const QString &name, const QString &status, const QDateTime &created)
{
    BlaxelSandbox sandbox;
    sandbox.workspace = BlaxelSeed::demoWorkspace();
    sandbox.name = name;
    sandbox.displayName = name;
    sandbox.status = status;
    sandbox.createdAt = created;
    sandbox.updatedAt = created.addSecs(40);
    sandbox.createdBy = u"ada@example.com"_s;
    sandbox.updatedBy = u"ada@example.com"_s;
    sandbox.region = u"us-pdx-1"_s;
    sandbox.image = u"blaxel/base-image:latest"_s;
    sandbox.events.append(event(u"DEPLOYMENT"_s, u"DEPLOYING"_s, u"Deployment started"_s, created));
    if (status != u"DEPLOYING" && status != u"FAILED")
        sandbox.events.append(
            event(u"DEPLOYMENT"_s, u"DEPLOYED"_s, u"Sandbox is ready"_s, created.addSecs(4)));
    return sandbox;
}

QJsonObject port(const QString &name, int target, const QString &protocol)
{
    return QJsonObject{{u"name"_s, name}, {u"target"_s, target}, {u"protocol"_s, protocol}};
}

QJsonObject env(const QString &name, const QString &value, bool secret)
{
    return QJsonObject{{u"name"_s, name}, {u"value"_s, value}, {u"secret"_s, secret}};
}

QJsonObject policy(const QString &type, const QString &value)
{
    return QJsonObject{{u"type"_s, type}, {u"value"_s, value}, {u"action"_s, u"delete"_s}};
}

} // namespace

QList<BlaxelSandbox> BlaxelSeed::demo(const QDateTime &now)
{
    constexpr qint64 hour = 3600;
    constexpr qint64 day = 24 * hour;
    QList<BlaxelSandbox> list;

    BlaxelSandbox notebook = base(u"research-notebook"_s, u"DEPLOYED"_s, now.addSecs(-2 * day));
    notebook.displayName = u"Research notebook"_s;
    notebook.labels = QJsonObject{{u"team"_s, u"research"_s}, {u"project"_s, u"llm-eval"_s}};
    notebook.memoryMb = 8192;
    notebook.ports = QJsonArray{port(u"jupyter"_s, 8888, u"HTTP"_s)};
    notebook.envs = QJsonArray{env(u"LOG_LEVEL"_s, u"info"_s, false),
                               env(u"HF_TOKEN"_s, u"hf_demo_secret_value"_s, true)};
    notebook.ttl = u"7d"_s;
    notebook.lastUsedAt = now;
    notebook.seedFiles = {
        {u"README.md"_s, "# Research notebook\n\nA Blaxel sandbox seeded by the SandboxDeck emulator.\n"},
        {u"src/main.py"_s, "print('hello from a Blaxel sandbox')\n"},
        {u"data/sample.csv"_s, "id,score\n1,0.82\n2,0.91\n"},
    };
    list.append(notebook);

    BlaxelSandbox runner1 = base(u"agent-runner-01"_s, u"DEPLOYED"_s, now.addSecs(-30 * hour));
    runner1.displayName = u"Agent runner 1"_s;
    runner1.labels = QJsonObject{{u"team"_s, u"agents"_s}, {u"tier"_s, u"batch"_s}};
    runner1.lastUsedAt = now.addSecs(-10 * qint64(60));
    runner1.expirationPolicies = QJsonArray{policy(u"ttl-idle"_s, u"2h"_s)};
    list.append(runner1);

    BlaxelSandbox runner2 = base(u"agent-runner-02"_s, u"DEPLOYED"_s, now.addSecs(-29 * hour));
    runner2.displayName = u"Agent runner 2"_s;
    runner2.labels = QJsonObject{{u"team"_s, u"agents"_s}, {u"tier"_s, u"batch"_s}};
    runner2.region = u"eu-lon-1"_s;
    runner2.lastUsedAt = now.addSecs(-3 * hour);
    runner2.expirationPolicies = QJsonArray{policy(u"ttl-max-age"_s, u"7d"_s)};
    list.append(runner2);

    BlaxelSandbox pipeline = base(u"data-pipeline"_s, u"DEPLOYING"_s, now.addSecs(-90));
    pipeline.displayName = u"Data pipeline"_s;
    pipeline.labels = QJsonObject{{u"team"_s, u"data"_s}};
    pipeline.image = u"blaxel/py-app:latest"_s;
    pipeline.ttl = u"24h"_s;
    list.append(pipeline);

    BlaxelSandbox broken = base(u"broken-image"_s, u"FAILED"_s, now.addSecs(-5 * hour));
    broken.displayName = u"Broken image"_s;
    broken.image = u"registry.example.com/missing/image:v0"_s;
    broken.events.append(
        event(u"DEPLOYMENT"_s, u"FAILED"_s, u"Image could not be pulled"_s, broken.createdAt.addSecs(20)));
    broken.errors = QJsonArray{
        QJsonObject{{u"code"_s, u"IMAGE_PULL_FAILED"_s},
                    {u"message"_s, u"manifest for registry.example.com/missing/image:v0 not found"_s},
                    {u"time"_s, BlaxelSandboxJson::timestamp(broken.createdAt.addSecs(20))},
                    {u"fatal"_s, true}},
        QJsonObject{{u"code"_s, u"HEALTHCHECK_TIMEOUT"_s},
                    {u"message"_s, u"The sandbox did not answer its health check within 60 s"_s},
                    {u"time"_s, BlaxelSandboxJson::timestamp(broken.createdAt.addSecs(10))},
                    {u"fatal"_s, false}},
    };
    list.append(broken);

    BlaxelSandbox old = base(u"old-experiment"_s, u"DELETING"_s, now.addSecs(-9 * day));
    old.displayName = u"Old experiment"_s;
    old.labels = QJsonObject{{u"project"_s, u"ablation"_s}};
    old.lastUsedAt = now.addSecs(-8 * day);
    old.events.append(event(u"DELETION"_s, u"DELETING"_s, u"Deletion requested"_s, now.addSecs(-20)));
    list.append(old);

    BlaxelSandbox finished = base(u"finished-benchmark"_s, u"TERMINATED"_s, now.addSecs(-4 * day));
    finished.displayName = u"Finished benchmark"_s;
    finished.labels = QJsonObject{{u"project"_s, u"llm-eval"_s}};
    finished.lastUsedAt = now.addSecs(-3 * day);
    // No terminatedAt: a seeded record stays for the demo instead of going after the retention time.
    finished.events.append(event(u"DELETION"_s, u"DELETING"_s, u"Deletion requested"_s, now.addSecs(-70)));
    finished.events.append(event(u"DELETION"_s, u"TERMINATED"_s, u"Sandbox deleted"_s, now.addSecs(-60)));
    list.append(finished);

    BlaxelSandbox preview = base(u"web-preview"_s, u"DEPLOYED"_s, now.addSecs(-6 * hour));
    preview.displayName = u"Web preview"_s;
    preview.labels = QJsonObject{{u"team"_s, u"frontend"_s}, {u"env"_s, u"preview"_s}};
    preview.image = u"blaxel/nextjs:latest"_s;
    preview.ports = QJsonArray{port(u"web"_s, 3000, u"HTTP"_s), port(u"db"_s, 5432, u"TCP"_s)};
    preview.envs = QJsonArray{env(u"NODE_ENV"_s, u"development"_s, false),
                              env(u"DATABASE_PASSWORD"_s, u"demo-db-password"_s, true)};
    preview.expires = now.addSecs(3 * day);
    preview.lastUsedAt = now;
    list.append(preview);

    BlaxelSandbox playground = base(u"mcp-playground"_s, u"DEPLOYED"_s, now.addSecs(-50 * hour));
    playground.displayName = u"MCP playground"_s;
    playground.labels = QJsonObject{{u"purpose"_s, u"mcp"_s}};
    playground.lastUsedAt = now;
    list.append(playground);

    BlaxelSandbox nightly = base(u"nightly-eval"_s, u"DEPLOYED"_s, now.addSecs(-20 * hour));
    nightly.displayName = u"Nightly evaluation"_s;
    nightly.labels = QJsonObject{{u"schedule"_s, u"nightly"_s}, {u"project"_s, u"llm-eval"_s}};
    nightly.lastUsedAt = now.addSecs(-7 * hour);
    nightly.expirationPolicies =
        QJsonArray{policy(u"date"_s, BlaxelSandboxJson::timestamp(now.addSecs(2 * day))),
                   policy(u"ttl-idle"_s, u"24h"_s)};
    list.append(nightly);

    BlaxelSandbox trainer = base(u"cpu-trainer"_s, u"DEPLOYED"_s, now.addSecs(-12 * hour));
    trainer.displayName = u"CPU trainer"_s;
    trainer.region = u"us-was-1"_s;
    trainer.memoryMb = 16384;
    trainer.image = u"blaxel/py-app:latest"_s;
    trainer.lastUsedAt = now;
    list.append(trainer);

    BlaxelSandbox scratch = base(u"scratch"_s, u"DEPLOYED"_s, now.addSecs(-70 * day));
    scratch.displayName = u"Scratch \u2014 \u00c4rger mit \u00dcmlauten"_s;
    scratch.memoryMb = 2048;
    scratch.lastUsedAt = now.addSecs(-40 * day);
    list.append(scratch);

    // A rarer status that views tend to forget.
    BlaxelSandbox legacy = base(u"legacy-sandbox"_s, u"DEACTIVATED"_s, now.addSecs(-120 * day));
    legacy.displayName = u"Legacy sandbox"_s;
    legacy.lastUsedAt = now.addSecs(-100 * day);
    legacy.events.append(event(u"LIFECYCLE"_s, u"DEACTIVATED"_s, u"Deactivated after long inactivity"_s,
                               now.addSecs(-90 * day)));
    list.append(legacy);

    return list;
}

} // namespace Emulator
