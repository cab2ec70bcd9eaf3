#pragma once

#include <QCoreApplication>
#include <QString>

class QWidget;

// The one question before a destructive action: what will happen, in a sentence, and a button named
// after the action ("Release"), with Cancel as the default so that Enter never destroys anything.
class ConfirmationBox final
{
    Q_DECLARE_TR_FUNCTIONS(ConfirmationBox)

public:
    // `details`, when given, is behind the box's "Show Details…": the whole list a long question names.
    static bool ask(QWidget *parent, const QString &question, const QString &explanation,
                    const QString &actionText, const QString &details = {});
    // " 2 idle or failed sandboxes in the selection are left as they are.", to follow the explanation of a
    // Release or Reset that skips them; empty when none is left out.
    static QString leftOutNote(int leftOut);
};
