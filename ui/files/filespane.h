#pragma once

#include <QPointer>
#include <QString>
#include <QUrl>
#include <QWidget>

#include "files/filesearchpanel.h"
#include "files/filetreeview.h"
#include "session/filebrowser.h"

class FileController;
class FileDropTarget;
class FilePreview;
class FileTransferActions;

class QLabel;
class QLineEdit;
class QPushButton;
class QSplitter;
struct BlaxelFileBytes;

// The Files tab of a Blaxel sandbox: its files as a tree whose folders are listed when opened and kept up to
// date from the sandbox's watch stream while the tab is shown; the chosen file beside it (text with line
// numbers, edited and saved with a check that it did not change meanwhile; an image); new folder, rename and
// delete; find by name and search by content. The controller makes the browser; the pane only shows and
// asks. Another sandbox gets a new browser, and what the last one was asking is dropped.
class FilesPane final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FilesPane)

public:
    explicit FilesPane(FileController *controller, QWidget *parent = nullptr);

    // The sandbox shown (empty: none); `ready`: DEPLOYED with a URL, so its files can be asked for.
    void showSandbox(const QString &name, const QUrl &url, bool ready);
    void setRootPath(const QString &path);
    void refresh();
    // Asks for a name, then makes the folder in the selected folder (or the one of the selected file).
    void makeFolder();
    void renameSelected();
    void deleteSelected();
    void search(const QString &text, FileSearchPanel::Mode mode);
    // Shows `path` in the preview (asks first when the text shown has changes not saved).
    void openFile(const QString &path, int line = 0);

    FileBrowser *browser() const { return m_browser; }
    QString sandboxName() const { return m_name; }
    QUrl sandboxUrl() const { return m_url; }
    // Files in and out of this computer: upload, download, drag out.
    FileTransferActions *transfers() const { return m_transfers; }
    FileTreeView *view() const { return m_view; }
    FileSearchPanel *searchPanel() const { return m_search; }
    FilePreview *preview() const { return m_preview; }
    QLabel *stateLabel() const { return m_state; }
    QString selectedPath() const;

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void selectionChanged();
    void updateButtons();
    void setState(const QString &text);
    void opened(const QString &path, const BlaxelFileBytes &file);
    void askAboutConflict(const QString &path);
    void changedInSandbox(const QString &path);
    QString targetFolder() const;
    // A name typed for a new entry, checked: one path segment. Empty when the person cancelled.
    QString askName(const QString &title, const QString &label, const QString &start);

    FileController *m_controller;
    QLabel *m_notice;
    QLabel *m_state;
    QPushButton *m_refresh;
    QPushButton *m_newFolder;
    QPushButton *m_rename;
    QPushButton *m_delete;
    QPushButton *m_download;
    QLineEdit *m_root;
    FileSearchPanel *m_search;
    QSplitter *m_split;
    FileTreeView *m_view;
    FilePreview *m_preview;
    FileDropTarget *m_drop;
    FileTransferActions *m_transfers;
    QPointer<FileBrowser> m_browser;
    QString m_name;
    QUrl m_url;
    bool m_ready = false;
    bool m_showing = false;
    QString m_noBrowser; // why there is no tree
    QString m_wanted;    // the file asked for last: an older answer is not shown
    int m_wantedLine = 0;
};
