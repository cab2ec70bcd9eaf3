#pragma once

#include <QCoreApplication>
#include <QMap>
#include <QString>
#include <QStringList>

// How the Blaxel views word a sandbox's numbers and lists: the countdown to its deletion, its memory, its
// labels, and the list's column titles. The texts are translated in the context of BlaxelSandboxListModel,
// where they were first written, so that the existing translations still find them.
class BlaxelSandboxText
{
    Q_DECLARE_TR_FUNCTIONS(BlaxelSandboxListModel)

public:
    // "2 h 05 min", "45 s", "due now": a countdown as a cell shows it.
    static QString expiresIn(qint64 seconds);
    // "8 GB", "512 MB"; empty when not stated (negative).
    static QString memory(qint64 memoryMb);
    // "key=value" each (the key alone when the value is empty), made visible.
    static QStringList labels(const QMap<QString, QString> &labels);
    // The title of a BlaxelSandboxListModel::Column; empty for none.
    static QString columnTitle(int column);
};
