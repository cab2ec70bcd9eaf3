#include "common/newfolderdialog.h"

#include <QDir>
#include <QFileInfo>

NewFolderDialog::NewFolderDialog(QWidget *parent, const QString &title, const QString &start)
    : QFileDialog(parent, title, start)
{
    setFileMode(QFileDialog::Directory);
    setOption(QFileDialog::ShowDirsOnly);
}

QString NewFolderDialog::choose(QWidget *parent, const QString &title, const QString &start)
{
    NewFolderDialog dialog(parent, title, start);
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return {};
    return dialog.selectedFiles().constFirst();
}

void NewFolderDialog::accept()
{
    const QStringList chosen = selectedFiles();
    if (!chosen.isEmpty()) {
        const QFileInfo folder(chosen.constFirst());
        // Only a name in a folder that exists: a typo several levels deep stays Qt's "not found".
        if (!folder.exists() && folder.absoluteDir().exists())
            QDir().mkdir(folder.absoluteFilePath());
    }
    QFileDialog::accept();
}
