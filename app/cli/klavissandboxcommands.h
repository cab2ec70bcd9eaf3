#pragma once

#include "cli/clicommandgroup.h"

#include <QMap>
#include <QString>

class KlavisSandboxService;

// Klavis sandboxes, one MCP server each: list, get, acquire, release, reset, prepare.
class KlavisSandboxCommands final : public CliCommandGroup
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KlavisSandboxCommands)

public:
    static bool handles(const QString &command);

    explicit KlavisSandboxCommands(CliContext &context, QObject *parent = nullptr);

    void start() override;

private:
    using Handler = void (KlavisSandboxCommands::*)();
    static const QMap<QString, Handler> &handlers();

    void list();
    void get();
    void acquire();
    void release();
    void reset();
    void prepare();

    KlavisSandboxService *m_sandboxes;
};
