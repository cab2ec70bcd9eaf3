#pragma once

#include <QTabWidget>

class AppSession;
class FilesPane;
class PreviewsPane;
class ProcessesPane;
class QUrl;
class TerminalPane;

// The tabs beside the Blaxel sandboxes' table: the details pane the page fills, then what a user does inside
// the selected sandbox (its terminals, files, processes and previews), which follow the sandbox the details
// show.
class BlaxelSandboxTabs final : public QTabWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelSandboxTabs)

public:
    BlaxelSandboxTabs(QWidget *details, AppSession *session, QWidget *parent = nullptr);

    // The sandbox shown (empty: none); `deployed`: it has a shell, files, processes and previews to offer.
    void showSandbox(const QString &name, const QUrl &url, bool deployed);

    TerminalPane *terminalPane() const { return m_terminal; }
    FilesPane *filesPane() const { return m_files; }
    ProcessesPane *processesPane() const { return m_processes; }
    PreviewsPane *previewsPane() const { return m_previews; }

private:
    TerminalPane *m_terminal;
    FilesPane *m_files;
    ProcessesPane *m_processes;
    PreviewsPane *m_previews;
};
