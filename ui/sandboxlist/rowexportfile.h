#pragma once

#include <QCoreApplication>
#include <QString>

class RowExport;
class QWidget;

// File > Export Visible Rows: where to, and the writing, all or nothing (a failed export leaves no
// half-written file).
class RowExportFile
{
    Q_DECLARE_TR_FUNCTIONS(RowExportFile)

public:
    // Asks for a .csv or .json file; a name typed without a suffix gets the chosen format's. Empty when
    // the user cancels.
    static QString choose(QWidget *parent, const QString &suggestedName);
    // The format follows the suffix. Returns an error text, empty on success.
    static QString write(const RowExport &rows, const QString &fileName);
};
