#include "sandboxlist/rowexportfile.h"

#include "models/rowexport.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QSaveFile>

using namespace Qt::StringLiterals;

QString RowExportFile::choose(QWidget *parent, const QString &suggestedName)
{
    const QString csv = tr("CSV (*.csv)");
    const QString json = tr("JSON (*.json)");
    QString chosenFilter;
    QString fileName = QFileDialog::getSaveFileName(parent, tr("Export Visible Rows"), suggestedName,
                                                    csv + u";;"_s + json, &chosenFilter);
    if (!fileName.isEmpty() && QFileInfo(fileName).suffix().isEmpty())
        fileName += chosenFilter == json ? u".json"_s : u".csv"_s;
    return fileName;
}

QString RowExportFile::write(const RowExport &rows, const QString &fileName)
{
    QSaveFile file(fileName);
    if (!file.open(QIODevice::WriteOnly) || file.write(rows.to(RowExport::formatForFile(fileName))) < 0 ||
        !file.commit())
        return tr("Could not write %1: %2").arg(QDir::toNativeSeparators(fileName), file.errorString());
    return {};
}
