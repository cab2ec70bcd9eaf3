#pragma once

#include <QObject>

class BlaxelSandboxesController;
class QWidget;

// The Blaxel page's two forms, from opening to the answer: create a sandbox, and edit a live one's display
// name, labels and TTL. Each dialog stays open, busy, until the controller answers; a refusal stays in it
// beside its field, so that nothing typed is lost; success closes it and says so.
class BlaxelSandboxDialogs final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelSandboxDialogs)

public:
    BlaxelSandboxDialogs(BlaxelSandboxesController *controller, QWidget *parent);

    void create();
    // `name` as the store lists it now; nothing opens when it is not listed.
    void edit(const QString &name);

signals:
    void statusMessage(const QString &message);
    void created(const QString &name);

private:
    BlaxelSandboxesController *m_controller;
    QWidget *m_parent;
};
