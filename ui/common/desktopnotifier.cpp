#include "common/desktopnotifier.h"

#include <QApplication>
#include <QIcon>
#include <QSystemTrayIcon>
#include <QWidget>

using namespace Qt::StringLiterals;

DesktopNotifier::DesktopNotifier(QWidget *window) : QObject(window), m_window(window) {}

void DesktopNotifier::notify(const QString &title, const QString &text, Severity severity)
{
    ++m_notified;
    if (QSystemTrayIcon::isSystemTrayAvailable() && QSystemTrayIcon::supportsMessages()) {
        if (!m_tray) {
            m_tray = new QSystemTrayIcon(QIcon(u":/icons/sandboxdeck.svg"_s), this);
            m_tray->setToolTip(u"SandboxDeck"_s);
        }
        m_tray->show();
        m_tray->showMessage(title, text,
                            severity == Severity::Information ? QSystemTrayIcon::Information
                                                              : QSystemTrayIcon::Warning);
    }
    if (m_window)
        QApplication::alert(m_window); // the taskbar entry asks for attention where no tray exists
}
