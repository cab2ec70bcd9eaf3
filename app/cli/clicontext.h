#pragma once

#include "cli/clicommand.h"
#include "cli/clioutput.h"

#include <QByteArray>
#include <QObject>
#include <QPointer>

#include <memory>

class ApiCall;
class HttpTransport;
class LedgerRecorder;
class RunLedger;

// What every command group of sandboxdeck-cli works with: the parsed command (--json and --timeout among
// its values), the one transport to the API, the output, the API call in flight, the run ledger with its
// recorder, and the end of the command (finished() with the exit code).
class CliContext final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CliContext)

public:
    CliContext(const CliCommand &command, HttpTransport *transport, QObject *parent = nullptr);
    ~CliContext() override;

    const CliCommand &command() const { return m_command; }
    HttpTransport *transport() const { return m_transport; }
    CliOutput &output() { return m_output; }

    // Ends the command once the handler that calls it has returned, so the call can finish its own cleanup.
    void done(int exitCode);

    // The API call in flight: its retries are reported on stderr, its raw body is what --json prints, and
    // Ctrl+C during an mcp command aborts it.
    void watch(ApiCall *call);
    QByteArray callBody() const;
    ApiCall *watchedCall() const;

    // Opens the ledger on first use; false (and the command ended with 1) when it cannot be opened.
    bool openLedger();
    // Null until openLedger() or recorder() opened it.
    RunLedger *ledger() const { return m_ledger.get(); }
    // Plain commands record when the ledger opens, and go on with a warning when it does not.
    LedgerRecorder &recorder();

signals:
    void finished(int exitCode);

private:
    // The ledger's file opened for this command, or null with the reason in `problem`.
    std::unique_ptr<RunLedger> openLedgerFile(QString *problem) const;

    CliCommand m_command;
    HttpTransport *m_transport;
    CliOutput m_output;
    QPointer<ApiCall> m_call;
    std::unique_ptr<RunLedger> m_ledger;
    std::unique_ptr<LedgerRecorder> m_recorder;
};
