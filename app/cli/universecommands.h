#pragma once

#include "cli/clicommandgroup.h"

#include <QMap>
#include <QString>

class KlavisUniverseService;

// Klavis universes, seeded worlds of several services with tasks and their verifiers: `universe list`,
// `data`, `acquire` and `release` of an instance, `task`, `verify`.
class UniverseCommands final : public CliCommandGroup
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UniverseCommands)

public:
    static bool handles(const QString &command);

    explicit UniverseCommands(CliContext &context, QObject *parent = nullptr);

    void start() override;

private:
    using Handler = void (UniverseCommands::*)();
    static const QMap<QString, Handler> &handlers();

    void list();
    void data();
    void acquire();
    // The acquire once the run it goes into (if any) is known to the ledger.
    void acquireRecorded(const QString &run);
    void release();
    void task();
    void verify();

    KlavisUniverseService *m_universes;
};
