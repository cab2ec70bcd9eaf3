#pragma once

#include <QString>
#include <QTabWidget>
#include <QUrl>

class AppSession;
class FilesPane;
class PreviewsPane;
class ProcessesPane;
class TerminalPane;

// The tabs beside the Blaxel sandboxes' table: the details pane the page fills, then what a user does inside
// the selected sandbox (its terminals, files, processes and previews), which follow the sandbox the details
// show. Each of those panes is made the first time its tab is shown or it is asked for, and then told which
// sandbox is shown: a start-up does not pay for four panes a user may not open.
class BlaxelSandboxTabs final : public QTabWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelSandboxTabs)

public:
    BlaxelSandboxTabs(QWidget *details, AppSession *session, QWidget *parent = nullptr);

    // The sandbox shown (empty: none); `deployed`: it has a shell, files, processes and previews to offer.
    void showSandbox(const QString &name, const QUrl &url, bool deployed);

    // Each made now if it was not yet.
    TerminalPane *terminalPane();
    FilesPane *filesPane();
    ProcessesPane *processesPane();
    PreviewsPane *previewsPane();
    // Whether the tab at `index` holds its pane yet (not a stand-in).
    bool isMade(int index) const;

private:
    enum Tab
    {
        DetailsTab,
        TerminalTab,
        FilesTab,
        ProcessesTab,
        PreviewsTab
    };

    void make(int index);
    // Puts `pane` where the stand-in at `index` was, the current tab staying current.
    void replaceStandIn(int index, QWidget *pane);

    AppSession *m_session;
    TerminalPane *m_terminal = nullptr;
    FilesPane *m_files = nullptr;
    ProcessesPane *m_processes = nullptr;
    PreviewsPane *m_previews = nullptr;
    QString m_name;
    QUrl m_url;
    bool m_deployed = false;
};
