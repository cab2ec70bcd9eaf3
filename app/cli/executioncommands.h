#pragma once

#include "cli/clicommandgroup.h"

#include <QByteArray>
#include <QMap>
#include <QString>

#include <memory>

class KlavisExecutionService;
class LogTextFilter;

// Executions in a local sandbox: `local exec`, `local logs` and `local artifacts`. ExecutionJob and
// ExecutionLogFollower do the work, as they do for the app; this group wires them to a terminal: the log to
// stdout as it comes (LogTextFilter), progress and what happened on stderr, Ctrl+C.
class ExecutionCommands final : public CliCommandGroup
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExecutionCommands)

public:
    static bool handles(const QString &command);

    explicit ExecutionCommands(CliContext &context, QObject *parent = nullptr);
    ~ExecutionCommands() override;

    void start() override;

private:
    using Handler = void (ExecutionCommands::*)();
    static const QMap<QString, Handler> &handlers();

    void exec();
    void logs();
    void artifacts();
    // Null bytes: the end of the log, so what the filter still holds is written.
    void writeLog(const QByteArray &bytes);

    KlavisExecutionService *m_executions;
    std::unique_ptr<LogTextFilter> m_logFilter;
};
