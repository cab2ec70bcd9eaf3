#pragma once

#include "cli/clicommand.h"
#include "cli/clioutput.h"

#include <QByteArray>
#include <QObject>
#include <QPointer>

class ApiCall;
class HttpTransport;
class KlavisLocalSandboxService;
class KlavisSandboxService;
class TransferJob;

// Runs one CliCommand against the API and reports the exit code through finished().
class CliRunner final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CliRunner)

public:
    CliRunner(const CliCommand &command, HttpTransport *transport, QObject *parent = nullptr);

    void start();

signals:
    void finished(int exitCode);

private:
    void done(int exitCode);
    void watch(ApiCall *call);
    QByteArray callBody() const; // the watched reply's raw body, for --json
    void list();
    void get();
    void acquire();
    void release();
    void reset();
    void prepare();
    void localList();
    void localGet();
    void localAcquire();
    void localRelease();
    void localReset();
    void localUpload();
    void localDump();
    void runTransfer(TransferJob *job);
    void finishTransfer(TransferJob *job);

    CliCommand m_command;
    HttpTransport *m_transport;
    KlavisSandboxService *m_sandboxes;
    KlavisLocalSandboxService *m_local;
    CliOutput m_output;
    QPointer<ApiCall> m_call;
    qint64 m_transferBytes = 0; // bytes that crossed the network, for the summary
};
