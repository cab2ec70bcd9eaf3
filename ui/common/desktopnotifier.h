#pragma once

#include <QObject>
#include <QPointer>

class QSystemTrayIcon;
class QWidget;

// A desktop notification for something a person may have stopped watching for: a message from the tray icon
// where the desktop has one, and the window's taskbar entry asking for attention in any case.
class DesktopNotifier final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DesktopNotifier)

public:
    enum class Severity
    {
        Information,
        Warning
    };

    explicit DesktopNotifier(QWidget *window);

    void notify(const QString &title, const QString &text, Severity severity);
    // How many notifications were given (tests read it: offscreen there is no tray to look at).
    int notified() const { return m_notified; }

private:
    QPointer<QWidget> m_window;
    QSystemTrayIcon *m_tray = nullptr;
    int m_notified = 0;
};
