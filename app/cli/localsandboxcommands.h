#pragma once

#include "cli/clicommandgroup.h"

#include <QMap>
#include <QString>

class KlavisLocalSandboxService;

// Klavis local sandboxes, a VM hosting several MCP servers and a workspace: `local list`, `get`, `acquire`,
// `release`, `reset`, and the workspace's `upload` and `dump`.
class LocalSandboxCommands final : public CliCommandGroup
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LocalSandboxCommands)

public:
    static bool handles(const QString &command);

    explicit LocalSandboxCommands(CliContext &context, QObject *parent = nullptr);

    void start() override;

private:
    using Handler = void (LocalSandboxCommands::*)();
    static const QMap<QString, Handler> &handlers();

    void list();
    void get();
    void acquire();
    void release();
    void reset();
    void upload();
    void dump();

    KlavisLocalSandboxService *m_local;
};
