#include "files/filespane.h"

#include "api/blaxelsandboxsearch.h"
#include "common/confirmationbox.h"
#include "files/filedroptarget.h"
#include "files/fileicondelegate.h"
#include "files/filepreview.h"
#include "files/filetabkeys.h"
#include "files/filetransferactions.h"
#include "files/filetreeview.h"
#include "models/blaxelfiletreemodel.h"
#include "models/displaytext.h"
#include "session/filebrowser.h"
#include "session/filecontroller.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

// Side by side when there is room for a tree and a file; one above the other in a narrow window.
constexpr int sideBySideWidth = 720;

} // namespace

FilesPane::FilesPane(FileController *controller, QWidget *parent)
    : QWidget(parent), m_controller(controller), m_notice(new QLabel(this)), m_state(new QLabel(this)),
      m_refresh(new QPushButton(tr("Re&fresh"), this)),
      m_newFolder(new QPushButton(tr("New F&older…"), this)), m_rename(new QPushButton(tr("Re&name…"), this)),
      m_delete(new QPushButton(tr("&Delete…"), this)), m_download(new QPushButton(tr("Do&wnload…"), this)),
      m_root(new QLineEdit(this)), m_search(new FileSearchPanel(this)),
      m_split(new QSplitter(Qt::Horizontal, this)), m_view(new FileTreeView(this)),
      m_preview(new FilePreview(this)), m_transfers(new FileTransferActions(controller, this))
{
    setObjectName(u"filesPane"_s);
    m_notice->setObjectName(u"filesNotice"_s);
    m_notice->setWordWrap(true);
    m_state->setObjectName(u"filesState"_s);
    m_state->setWordWrap(true);
    // It shows the sandbox's own words: never as rich text.
    m_state->setTextFormat(Qt::PlainText);
    m_refresh->setObjectName(u"refreshFilesButton"_s);
    m_refresh->setToolTip(tr("Lists the open folders again (F5)"));
    m_newFolder->setObjectName(u"newFolderButton"_s);
    m_rename->setObjectName(u"renameFileButton"_s);
    m_rename->setToolTip(tr("Renames the selected file or folder (F2)"));
    m_delete->setObjectName(u"deleteFileButton"_s);
    m_download->setObjectName(u"downloadFileButton"_s);
    m_download->setToolTip(tr("Downloads the selected file or folder into a folder of this computer"));
    m_delete->setToolTip(tr("Deletes the selected file or folder, after a question (Delete)"));
    m_root->setObjectName(u"filesRootEdit"_s);
    m_root->setToolTip(tr("The folder the tree starts at; Enter goes there"));
    m_view->setObjectName(u"filesView"_s);
    m_view->setUniformRowHeights(true);
    m_view->setAllColumnsShowFocus(true);
    m_view->setItemDelegate(new FileIconDelegate(m_view));
    connect(m_transfers, &FileTransferActions::stateChanged, this, &FilesPane::setState);
    m_view->setDragOut(
        [this](const QModelIndex &index) { return m_transfers->dragOut(index); },
        [this](QMimeData *data, Qt::DropAction action) { m_transfers->dragEnded(data, action); });
    m_drop = new FileDropTarget(m_view);
    connect(m_drop, &FileDropTarget::hovering, this, [this](const QString &folder) {
        setState(folder.isEmpty() ? QString()
                                  : tr("Drop to upload into %1.").arg(DisplayText::visible(folder)));
    });
    connect(m_drop, &FileDropTarget::dropped, m_transfers, &FileTransferActions::upload);

    // The notice has a row of its own: beside four buttons a narrow pane would wrap it word by word.
    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_refresh);
    buttons->addWidget(m_newFolder);
    buttons->addWidget(m_rename);
    buttons->addWidget(m_delete);
    buttons->addWidget(m_download);
    auto *searchRow = new QHBoxLayout;
    searchRow->addWidget(m_root, 1);
    searchRow->addWidget(m_search->searchRow(), 2);
    auto *left = new QSplitter(Qt::Vertical, this);
    left->addWidget(m_view);
    left->addWidget(m_search);
    left->setStretchFactor(0, 2);
    left->setStretchFactor(1, 1);
    m_split->addWidget(left);
    m_split->addWidget(m_preview);
    m_split->setStretchFactor(0, 1);
    m_split->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_notice);
    layout->addLayout(buttons);
    layout->addLayout(searchRow);
    layout->addWidget(m_state);
    layout->addWidget(m_split, 1);

    connect(m_refresh, &QPushButton::clicked, this, &FilesPane::refresh);
    connect(m_newFolder, &QPushButton::clicked, this, &FilesPane::makeFolder);
    connect(m_rename, &QPushButton::clicked, this, &FilesPane::renameSelected);
    connect(m_delete, &QPushButton::clicked, this, &FilesPane::deleteSelected);
    connect(m_download, &QPushButton::clicked, m_transfers, &FileTransferActions::downloadSelected);
    connect(m_root, &QLineEdit::returnPressed, this, [this] { setRootPath(m_root->text().trimmed()); });
    connect(m_search, &FileSearchPanel::searchRequested, this, &FilesPane::search);
    connect(m_search, &FileSearchPanel::fileChosen, this, &FilesPane::openFile);
    connect(m_preview, &FilePreview::saveRequested, this,
            [this](const QString &path, const QByteArray &bytes, const QByteArray &base) {
                if (m_browser)
                    m_browser->save(path, bytes, base, false);
            });
    connect(m_preview, &FilePreview::reloadRequested, this, [this](const QString &path) {
        m_preview->dropChanges();
        openFile(path);
    });
    auto *keys = new FileTabKeys(this, m_view);
    connect(keys, &FileTabKeys::renameRequested, this, &FilesPane::renameSelected);
    connect(keys, &FileTabKeys::deleteRequested, this, &FilesPane::deleteSelected);
    connect(keys, &FileTabKeys::refreshRequested, this, &FilesPane::refresh);
    connect(keys, &FileTabKeys::findRequested, this, [this] {
        m_search->searchEdit()->setFocus(Qt::ShortcutFocusReason);
        m_search->searchEdit()->selectAll();
    });
    showSandbox({}, {}, false);
}

void FilesPane::showSandbox(const QString &name, const QUrl &url, bool ready)
{
    ready = ready && !name.isEmpty() && url.isValid();
    if (m_showing && name == m_name && url == m_url && ready == m_ready && (m_browser || !ready))
        return;
    m_showing = true;
    m_name = name;
    m_url = url;
    m_ready = ready;
    delete m_browser;
    m_noBrowser.clear();
    m_wanted.clear();
    m_view->setModel(nullptr);
    m_search->clear();
    m_preview->showMessage(tr("Choose a file to see it here."));
    m_notice->setText(m_controller->isLocal() ? tr("Demo: the sandbox's files are a folder of this machine.")
                                              : tr("The sandbox's files, through Blaxel's filesystem API."));
    if (name.isEmpty())
        m_noBrowser = tr("Select one sandbox to see its files.");
    else if (!ready)
        m_noBrowser = tr("A DEPLOYED sandbox shows its files.");
    else
        m_browser = m_controller->browseBlaxel(name, url, this, &m_noBrowser);
    m_drop->setBrowser(m_browser);
    if (m_browser) {
        m_view->setModel(m_browser->model());
        m_view->header()->resizeSection(BlaxelFileTreeModel::NameColumn, 220);
        m_view->header()->resizeSection(BlaxelFileTreeModel::SizeColumn, 80);
        connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
                &FilesPane::selectionChanged);
        connect(m_browser->model(), &QAbstractItemModel::modelReset, this,
                [this] { m_root->setText(m_browser->rootPath()); });
        connect(m_browser, &FileBrowser::listingFailed, this,
                [this](const QString &folder, const QString &problem) {
                    setState(tr("Could not list %1: %2").arg(folder, problem));
                });
        connect(m_browser, &FileBrowser::listedInPart, this, [this](const QString &folder, int shown) {
            setState(tr("%1 holds more than the tree shows: the first %n entries are listed.", nullptr, shown)
                         .arg(DisplayText::visible(folder)));
        });
        connect(m_browser, &FileBrowser::opened, this, &FilesPane::opened);
        connect(m_browser, &FileBrowser::openFailed, this,
                [this](const QString &path, const QString &problem) {
                    if (path == m_wanted)
                        m_preview->showMessage(tr("Could not read %1: %2").arg(path, problem));
                });
        connect(m_browser, &FileBrowser::saved, this, [this](const QString &path, qint64 bytes) {
            if (path == m_preview->path())
                m_preview->markSaved(m_preview->text());
            setState(tr("Saved %1 (%2).").arg(path, QLocale().formattedDataSize(bytes)));
        });
        connect(m_browser, &FileBrowser::conflict, this, &FilesPane::askAboutConflict);
        connect(m_browser, &FileBrowser::actionDone, this,
                [this](const QString &message, const QString &) { setState(message); });
        connect(m_browser, &FileBrowser::actionFailed, this, &FilesPane::setState);
        connect(m_browser, &FileBrowser::found, this,
                [this](const BlaxelFoundPaths &paths) { setState(m_search->showFound(paths)); });
        connect(m_browser, &FileBrowser::matched, this,
                [this](const BlaxelContentMatches &matches) { setState(m_search->showMatches(matches)); });
        connect(m_browser, &FileBrowser::searchFailed, this,
                [this](const QString &problem) { setState(tr("The search failed: %1").arg(problem)); });
        connect(m_browser, &FileBrowser::changedInSandbox, this, &FilesPane::changedInSandbox);
        connect(m_browser, &FileBrowser::watchChanged, this, [this](const QString &problem) {
            setState(problem.isEmpty() ? tr("Following changes again.")
                                       : tr("Changes in the sandbox are not followed now: %1").arg(problem));
        });
        m_root->setText(m_browser->rootPath());
        m_browser->setActive(isVisible());
    }
    setState(m_noBrowser);
    updateButtons();
}

void FilesPane::setRootPath(const QString &path)
{
    if (!m_browser || path.isEmpty())
        return;
    if (!path.startsWith(u'/')) {
        setState(tr("Type a folder's full path, starting with /."));
        return;
    }
    m_browser->setRootPath(path);
    setState({});
}

void FilesPane::refresh()
{
    if (m_browser)
        m_browser->refresh();
}

QString FilesPane::selectedPath() const
{
    return m_browser ? m_browser->model()->pathOf(m_view->currentIndex()) : QString();
}

QString FilesPane::targetFolder() const
{
    const QModelIndex current = m_view->currentIndex();
    if (!m_browser || !current.isValid())
        return m_browser ? m_browser->rootPath() : QString();
    const QString path = m_browser->model()->pathOf(current);
    return m_browser->model()->isFolder(current) ? path : BlaxelFileTreeModel::parentPath(path);
}

QString FilesPane::askName(const QString &title, const QString &label, const QString &start)
{
    bool ok = false;
    QString name = QInputDialog::getText(this, title, label, QLineEdit::Normal, start, &ok).trimmed();
    if (!ok || name.isEmpty())
        return {};
    if (name.contains(u'/') || name == u"."_s || name == u".."_s) {
        setState(tr("A name cannot hold '/' or be '.' or '..': %1").arg(DisplayText::visible(name)));
        return {};
    }
    return name;
}

void FilesPane::makeFolder()
{
    if (!m_browser)
        return;
    const QString folder = targetFolder();
    const QString name =
        askName(tr("New Folder"), tr("A new folder in %1:").arg(DisplayText::visible(folder)), {});
    if (!name.isEmpty())
        m_browser->makeFolder(BlaxelFileTreeModel::childPath(folder, name));
}

void FilesPane::renameSelected()
{
    const QString path = selectedPath();
    if (path.isEmpty())
        return;
    const QString oldName = path.section(u'/', -1);
    const QString name =
        askName(tr("Rename"), tr("New name for %1:").arg(DisplayText::visible(path)), oldName);
    if (!name.isEmpty() && name != oldName)
        m_browser->rename(path, BlaxelFileTreeModel::childPath(BlaxelFileTreeModel::parentPath(path), name));
}

void FilesPane::deleteSelected()
{
    const QString path = selectedPath();
    if (path.isEmpty())
        return;
    const bool folder = m_browser->model()->isFolder(m_view->currentIndex());
    const QString shown = DisplayText::visible(path);
    if (!ConfirmationBox::ask(this,
                              folder ? tr("Delete the folder %1 and everything in it?").arg(shown)
                                     : tr("Delete %1?").arg(shown),
                              tr("It is deleted in the sandbox %1; there is no undo.").arg(m_name),
                              tr("Delete")))
        return;
    m_browser->remove(path, folder);
}

void FilesPane::search(const QString &text, FileSearchPanel::Mode mode)
{
    if (!m_browser || text.trimmed().isEmpty())
        return;
    m_search->setMode(mode);
    m_search->startOver(mode);
    setState(tr("Searching %1…").arg(m_browser->rootPath()));
    if (mode == FileSearchPanel::Mode::Names)
        m_browser->find(text.trimmed());
    else
        m_browser->grep(text);
}

void FilesPane::selectionChanged()
{
    updateButtons();
    const QModelIndex current = m_view->currentIndex();
    if (!m_browser || !current.isValid() || m_browser->model()->isFolder(current))
        return;
    openFile(m_browser->model()->pathOf(current));
}

void FilesPane::openFile(const QString &path, int line)
{
    if (!m_browser || path.isEmpty())
        return;
    if (path == m_preview->path() && m_preview->isModified()) {
        m_preview->goToLine(line);
        return;
    }
    if (m_preview->isModified() &&
        !ConfirmationBox::ask(this,
                              tr("Drop your changes to %1?").arg(DisplayText::visible(m_preview->path())),
                              tr("They were not saved to the sandbox."), tr("Drop Changes")))
        return;
    m_wanted = path;
    m_wantedLine = line;
    m_preview->showMessage(tr("Reading %1…").arg(DisplayText::visible(path)));
    m_browser->open(path);
}

void FilesPane::opened(const QString &path, const BlaxelFileBytes &file)
{
    if (path != m_wanted)
        return;
    m_preview->showFile(path, file);
    if (m_wantedLine > 0)
        m_preview->goToLine(m_wantedLine);
}

void FilesPane::askAboutConflict(const QString &path)
{
    QMessageBox box(QMessageBox::Warning, tr("Changed in the Sandbox"),
                    tr("%1 changed in the sandbox since you opened it.").arg(DisplayText::visible(path)),
                    QMessageBox::Cancel, this);
    box.setInformativeText(
        tr("Overwrite it with your text, or reload what it holds now (your changes are lost)?"));
    QPushButton *overwrite = box.addButton(tr("&Overwrite"), QMessageBox::DestructiveRole);
    QPushButton *reload = box.addButton(tr("&Reload"), QMessageBox::AcceptRole);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    if (!m_browser || path != m_preview->path())
        return;
    if (box.clickedButton() == overwrite) {
        m_browser->save(path, m_preview->text(), m_preview->base(), true);
    } else if (box.clickedButton() == reload) {
        m_preview->dropChanges();
        openFile(path);
    } else {
        setState(tr("Not saved: %1 changed in the sandbox.").arg(path));
    }
}

void FilesPane::changedInSandbox(const QString &path)
{
    if (path != m_preview->path())
        return;
    if (m_preview->isModified())
        setState(tr("%1 changed in the sandbox; Save will ask before overwriting it.").arg(path));
    else
        openFile(path);
}

void FilesPane::updateButtons()
{
    const bool selected = m_browser && m_view->currentIndex().isValid();
    m_refresh->setEnabled(m_browser);
    m_newFolder->setEnabled(m_browser);
    m_rename->setEnabled(selected);
    m_delete->setEnabled(selected);
    m_download->setEnabled(selected);
    m_root->setEnabled(m_browser);
    m_search->searchRow()->setEnabled(m_browser);
}

void FilesPane::setState(const QString &text)
{
    m_state->setText(text);
    m_state->setVisible(!text.isEmpty());
}

void FilesPane::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_browser)
        m_browser->setActive(true);
}

void FilesPane::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    if (m_browser)
        m_browser->setActive(false);
}

void FilesPane::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    m_split->setOrientation(width() >= sideBySideWidth ? Qt::Horizontal : Qt::Vertical);
}
