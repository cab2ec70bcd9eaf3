#pragma once

#include <QFileDialog>

// Chooses a folder to fill: an existing (empty) one, or a new one whose name the person types. Qt's own
// folder dialog answers a typed name that does not exist yet with "Directory not found"; this one makes the
// folder, when its parent exists, and takes it. A platform's native dialog has its own "new folder".
class NewFolderDialog final : public QFileDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NewFolderDialog)

public:
    NewFolderDialog(QWidget *parent, const QString &title, const QString &start = {});

    // The chosen folder, or empty when the dialog was cancelled.
    static QString choose(QWidget *parent, const QString &title, const QString &start = {});

public slots:
    void accept() override;
};
