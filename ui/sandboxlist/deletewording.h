#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

class QWidget;

// The one home of what a Blaxel delete says before it acts (the sandboxes are destroyed for good), so that
// the Blaxel and All sandboxes views ask the same question about the same sandboxes.
class DeleteWording final
{
    Q_DECLARE_TR_FUNCTIONS(DeleteWording)

public:
    // "Delete web-1 for good?", or how many for several.
    static QString question(const QStringList &names);
    // What is lost, the names (the first few) of several, and how many selected ones are `leftOut`.
    static QString explanation(const QStringList &names, int leftOut);
    // Asks with the words above and a "Delete" button; true when the user confirms.
    static bool confirm(QWidget *parent, const QStringList &names, int leftOut);

    // A confirmation names at most this many sandboxes; the rest are counted.
    static constexpr int namedInConfirmation = 10;
};
