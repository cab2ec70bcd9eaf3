#pragma once

#include "cli/clicontext.h"

#include <QObject>

// One group of sandboxdeck-cli's commands, as the help, the man page and the completions group them: it
// holds the services and the state of its own commands and runs the one the context names. What its
// commands share with every other group (output, transport, ledger, the end) is the context's.
class CliCommandGroup : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CliCommandGroup)

public:
    // Runs the context's command, one of this group's; it ends through done().
    virtual void start() = 0;

protected:
    explicit CliCommandGroup(CliContext &context, QObject *parent = nullptr);

    void done(int exitCode) { m_context.done(exitCode); }

    CliContext &m_context;
    const CliCommand &m_command;
    CliOutput &m_output;
};
