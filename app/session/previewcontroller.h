#pragma once

#include <QObject>
#include <QString>

class AppSession;
class PreviewMonitor;

// The preview monitors of Blaxel sandboxes, made on the window's request on the session's Blaxel transport,
// so that the key never leaves this layer (as ProcessController does for processes).
class PreviewController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PreviewController)

public:
    explicit PreviewController(AppSession *session, QObject *parent = nullptr);

    // The previews of sandbox `name`, a child of `parent`, not read yet; null, with `problem` said, without
    // a Blaxel connection.
    PreviewMonitor *monitorBlaxel(const QString &name, QObject *parent, QString *problem);
    // True in the demo, whose preview URLs lead nowhere (no server runs in an emulated sandbox).
    bool isDemo() const;

private:
    AppSession *m_session;
};
