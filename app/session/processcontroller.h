#pragma once

#include <QObject>
#include <QString>
#include <QUrl>

class AppSession;
class ProcessMonitor;

// The process monitors of Blaxel sandboxes, made on the window's request with the connected key and
// workspace, so that the key never leaves this layer (as TerminalController does for terminals).
class ProcessController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProcessController)

public:
    explicit ProcessController(AppSession *session, QObject *parent = nullptr);

    // The processes of sandbox `name` at `url` (its metadata.url), a child of `parent`, not yet polling.
    // Null, with `problem` said, without a Blaxel connection or when the URL may not carry the key.
    ProcessMonitor *monitorBlaxel(const QString &name, const QUrl &url, QObject *parent, QString *problem);
    // True when the processes run on this machine (the demo), which the view says.
    bool runsLocally() const;
    // The interval the next monitors poll at (tests shorten it).
    void setPollIntervalMs(int ms) { m_pollIntervalMs = ms; }

private:
    AppSession *m_session;
    int m_pollIntervalMs;
};
