#include "cli/clicommandgroup.h"

CliCommandGroup::CliCommandGroup(CliContext &context, QObject *parent)
    : QObject(parent), m_context(context), m_command(context.command()), m_output(context.output())
{}
