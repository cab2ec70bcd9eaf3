#pragma once

#include <QHash>
#include <QList>
#include <QUrl>
#include <QWidget>

class QLabel;
class QPushButton;
class QTabWidget;
class TerminalController;
class TerminalSession;
class TerminalView;

// The Terminal tab of a Blaxel sandbox: its terminals in tabs (New terminal adds one, a tab's close button
// ends its shell), what the connection is doing ("Disconnected — reconnecting…"), and where the shell runs.
// A sandbox's terminals stay while the window lives, so they are there again when it is shown again. The
// controller makes each session; the pane only shows and asks.
class TerminalPane final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TerminalPane)

public:
    explicit TerminalPane(TerminalController *controller, QWidget *parent = nullptr);

    // The sandbox shown (empty: none); `ready`: DEPLOYED with a URL, so a terminal can open.
    void showSandbox(const QString &name, const QUrl &url, bool ready);
    // A new terminal on the sandbox shown, in a tab of its own.
    void openTerminal();

    TerminalView *currentView() const;
    int terminalCount() const;
    QLabel *stateLabel() const { return m_state; }
    QLabel *noticeLabel() const { return m_notice; }

private:
    void addView(TerminalSession *session);
    void closeTab(int index);
    void updateState();

    TerminalController *m_controller;
    QLabel *m_notice;
    QLabel *m_state;
    QPushButton *m_newButton;
    QTabWidget *m_tabs;
    QString m_name;
    QUrl m_url;
    bool m_ready = false;
    int m_opened = 0;
    QHash<QString, QList<TerminalSession *>> m_sessions;
};
