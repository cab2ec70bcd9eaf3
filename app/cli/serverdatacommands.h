#pragma once

#include "cli/clicommandgroup.h"

#include <QMap>
#include <QString>

class KlavisServerDataService;

// Each sandbox server's data: `data dump`, `data init` (seeded from a file or the provider's default) and
// `data diff` of two saved dumps.
class ServerDataCommands final : public CliCommandGroup
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ServerDataCommands)

public:
    static bool handles(const QString &command);

    explicit ServerDataCommands(CliContext &context, QObject *parent = nullptr);

    void start() override;

private:
    using Handler = void (ServerDataCommands::*)();
    static const QMap<QString, Handler> &handlers();

    void dump();
    // --out's file, checked before any request; false (and the command ended with 2) when it cannot be
    // written.
    bool outAcceptable();
    void init();
    void initRecorded(qint64 intent);
    void compareDumps();

    KlavisServerDataService *m_data;
};
