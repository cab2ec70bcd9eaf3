#pragma once

#include <QObject>

// The signals of every SandboxStore: a template cannot be a Q_OBJECT, so its base carries them.
class SandboxStoreSignals : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SandboxStoreSignals)

public:
    using QObject::QObject;
    ~SandboxStoreSignals() override = default;

signals:
    // A new list replaced the last one (or the store was cleared): every reader reads snapshot() again.
    void published();
    // An action started or ended on a sandbox: the views' busy marks follow.
    void busyChanged();
};
