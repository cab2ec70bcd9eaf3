#pragma once

#include "cli/clicommandgroup.h"

#include <QMap>
#include <QPointer>
#include <QString>

#include <memory>

class ApiError;
class BlaxelSandboxCall;
class BlaxelSandboxFiles;
class BlaxelSandboxService;
class QTemporaryFile;

// The files of one Blaxel sandbox through its own API: `blaxel fs ls`, `cat`, `put`, `get`, `rm`, `find`
// and `grep`. What the sandbox sends is hostile: names and lines are escaped for the terminal, counts are
// bounded by the API client, and a file printed to a terminal has its control characters escaped.
class BlaxelFileCommands final : public CliCommandGroup
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelFileCommands)

public:
    static bool handles(const QString &command);

    explicit BlaxelFileCommands(CliContext &context, QObject *parent = nullptr);
    ~BlaxelFileCommands() override;

    void start() override;

private:
    using Handler = void (BlaxelFileCommands::*)(BlaxelSandboxFiles *);
    static const QMap<QString, Handler> &handlers();

    void list(BlaxelSandboxFiles *files);
    void cat(BlaxelSandboxFiles *files);
    void put(BlaxelSandboxFiles *files);
    void get(BlaxelSandboxFiles *files);
    void remove(BlaxelSandboxFiles *files);
    void find(BlaxelSandboxFiles *files);
    void grep(BlaxelSandboxFiles *files);

    // What this machine's side needs before anything is sent: put's file, get's target. False: the command
    // ended.
    bool localSideAcceptable();
    // Prints why a call on `path` failed (a 404 as no such file) and answers the exit code: 130 after a
    // Ctrl+C.
    int failed(const ApiError &error, const QString &path);
    // From now on a Ctrl+C ends the call in m_call as cancelled, and so the command, with its temporary file
    // removed. Installed before the temporary file is made, so that no Ctrl+C can leave it behind.
    void cancelOnInterrupt();
    // After rm without --recursive was refused: says so plainly when PATH is a folder with entries.
    void explainRefusedRemove(BlaxelSandboxFiles *files, const QString &path, const ApiError &error);

    BlaxelSandboxService *m_blaxel;
    // cat's and get's download, removed unless renamed into place.
    std::unique_ptr<QTemporaryFile> m_download;
    QString m_target;                   // get: where the file goes
    QPointer<BlaxelSandboxCall> m_call; // cat's, put's or get's transfer
    bool m_interrupted = false;
};
