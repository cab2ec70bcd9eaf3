#pragma once

#include "cli/clicommandgroup.h"

#include <QList>
#include <QMap>
#include <QString>

class RunReconciler;
struct RunLeftover;

// Runs, named sets of sandboxes kept in the run ledger: `run create`, `list`, `show`, `release`, `adopt`,
// `manifest`, `import`, and `leaks` over every sandbox held. `run create`, `run release` and `leaks` have
// consoles of their own (RunProvisioningConsole, ReleaseConsole, LeakConsole).
class RunCommands final : public CliCommandGroup
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunCommands)

public:
    static bool handles(const QString &command);

    explicit RunCommands(CliContext &context, QObject *parent = nullptr);

    void start() override;

private:
    using Handler = void (RunCommands::*)();
    static const QMap<QString, Handler> &handlers();

    void create();
    void list();
    void show();
    void release();
    void adopt();
    void manifest();
    void import();
    void leaks();
    void printLeftovers(const QList<RunLeftover> &leftovers, const QString &run);

    RunReconciler *m_reconciler = nullptr;
};
