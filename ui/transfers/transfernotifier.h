#pragma once

#include <QObject>

class DesktopNotifier;
class QWidget;
class TransferJob;
class TransferQueue;

// Tells the person when a transfer ends: always in the status bar, and with a desktop notification when
// it ran long enough that they have probably gone to do something else.
class TransferNotifier final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TransferNotifier)

public:
    TransferNotifier(TransferQueue *queue, QWidget *window);

    // Transfers that ran at least this long get a desktop notification (default 10 s).
    void setLongTransferSeconds(int seconds) { m_longSeconds = seconds; }

    static QString summary(const TransferJob *job);

signals:
    void statusMessage(const QString &message);

private:
    void onFinished(TransferJob *job, qint64 seconds);

    DesktopNotifier *m_desktop;
    int m_longSeconds = 10;
};
