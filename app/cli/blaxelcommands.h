#pragma once

#include "cli/clicommandgroup.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <functional>

class BlaxelSandboxFiles;
class BlaxelSandboxService;

// Blaxel sandboxes of one workspace: `blaxel list`, `get`, `create`, `delete`, and `upload` and `dump` of a
// sandbox's working directory through its own API.
class BlaxelCommands final : public CliCommandGroup
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelCommands)

public:
    static bool handles(const QString &command);

    explicit BlaxelCommands(CliContext &context, QObject *parent = nullptr);

    void start() override;

private:
    using Handler = void (BlaxelCommands::*)();
    static const QMap<QString, Handler> &handlers();

    void list();
    void get();
    void create();
    void remove();
    void removeNext(qsizetype index);
    void waitNext(qsizetype index);
    void upload();
    void dump();
    // The client of the sandbox's own API, at the URL its record gives, for `then`; on failure the command
    // ends.
    void openSandbox(const std::function<void(BlaxelSandboxFiles *)> &then);

    BlaxelSandboxService *m_blaxel;
    // blaxel delete: the names deleted so far, their records for --json, and whether one failed.
    QStringList m_deleted;
    QList<QJsonObject> m_deletedRecords;
    bool m_someFailed = false;
};
