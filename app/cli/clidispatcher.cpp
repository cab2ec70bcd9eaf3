#include "cli/clidispatcher.h"

#include "api/httptransport.h"
#include "cli/blaxelcommands.h"
#include "cli/blaxelconnectcommand.h"
#include "cli/blaxelfilecommands.h"
#include "cli/blaxelprocesscommands.h"
#include "cli/clicontext.h"
#include "cli/clienvironment.h"
#include "cli/cliusage.h"
#include "cli/commandlineparser.h"
#include "cli/executioncommands.h"
#include "cli/klavissandboxcommands.h"
#include "cli/localsandboxcommands.h"
#include "cli/mcpcommands.h"
#include "cli/runcommands.h"
#include "cli/serverdatacommands.h"
#include "cli/terminaltext.h"
#include "cli/universecommands.h"

#include <QCoreApplication>
#include <QTextStream>

#include <cstdio>
#include <memory>

namespace {

std::unique_ptr<CliCommandGroup> groupFor(CliContext &context)
{
    const QString &name = context.command().name;
    if (KlavisSandboxCommands::handles(name))
        return std::make_unique<KlavisSandboxCommands>(context);
    if (LocalSandboxCommands::handles(name))
        return std::make_unique<LocalSandboxCommands>(context);
    if (ExecutionCommands::handles(name))
        return std::make_unique<ExecutionCommands>(context);
    if (BlaxelCommands::handles(name))
        return std::make_unique<BlaxelCommands>(context);
    if (BlaxelFileCommands::handles(name))
        return std::make_unique<BlaxelFileCommands>(context);
    if (BlaxelProcessCommands::handles(name))
        return std::make_unique<BlaxelProcessCommands>(context);
    if (BlaxelConnectCommand::handles(name))
        return std::make_unique<BlaxelConnectCommand>(context);
    if (ServerDataCommands::handles(name))
        return std::make_unique<ServerDataCommands>(context);
    if (McpCommands::handles(name))
        return std::make_unique<McpCommands>(context);
    if (RunCommands::handles(name))
        return std::make_unique<RunCommands>(context);
    if (UniverseCommands::handles(name))
        return std::make_unique<UniverseCommands>(context);
    return nullptr;
}

} // namespace

int CliDispatcher::run(const QStringList &arguments)
{
    // Lives until the command has ended: what it holds is written then, after the command's own output.
    QTextStream err(stderr);
    const auto parsed = CommandLineParser::parse(arguments);
    switch (parsed.action) {
    case CommandLineParser::Action::ShowHelp:
    case CommandLineParser::Action::ShowVersion:
        QTextStream(stdout) << parsed.text;
        return 0;
    case CommandLineParser::Action::UsageError:
        // One line and a hint, not the whole usage; the arguments may carry text a script took from a server.
        err << "sandboxdeck-cli: " << TerminalText::escape(parsed.text) << '\n' << CliUsage::hint();
        return 2;
    case CommandLineParser::Action::Run:
        break;
    }
    CliCommand command = parsed.command;
    const auto config = CliEnvironment::resolve(&command, err);
    if (!config)
        return 2;

    HttpTransport transport(*config);
    CliContext context(command, &transport);
    const auto group = groupFor(context);
    if (!group) {
        // Every command of CliCommandSpecs has a group; a new one without is a bug, not a usage error.
        err << "sandboxdeck-cli: `" << command.name << "` is not implemented\n";
        return 1;
    }
    QObject::connect(&context, &CliContext::finished, QCoreApplication::instance(), &QCoreApplication::exit);
    group->start();
    return QCoreApplication::exec();
}
