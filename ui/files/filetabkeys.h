#pragma once

#include <QObject>

class QKeyEvent;
class QWidget;

// The keys the Files tab takes from the window while its focus is inside: F2 and Delete on the tree (rename
// and delete the selected file; Delete in the editor still deletes text), F5 and Ctrl+F anywhere in the tab
// (list the folders again, find). The window has the same keys for the sandbox itself (edit it, delete it,
// refresh the list, search the list); a ShortcutOverride accepted here keeps them from it, so that Delete on
// a file can never delete the sandbox. It only says which was pressed.
class FileTabKeys final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FileTabKeys)

public:
    // Watches `tab` (whose children's unused keys come up to it) and `tree`.
    FileTabKeys(QWidget *tab, QWidget *tree);

Q_SIGNALS:
    void renameRequested();
    void deleteRequested();
    void refreshRequested();
    void findRequested();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // The signal for `key`, or null when `key` is not one of `watched`'s.
    void (FileTabKeys::*signalFor(const QObject *watched, const QKeyEvent *key) const)();

    QWidget *m_tab;
    QWidget *m_tree;
};
