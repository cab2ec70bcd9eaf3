#pragma once

#include <QString>

class QWidget;

// The one question before a destructive action: what will happen, in a sentence, and a button named
// after the action ("Release"), with Cancel as the default so that Enter never destroys anything.
class ConfirmationBox final
{
public:
    static bool ask(QWidget *parent, const QString &question, const QString &explanation,
                    const QString &actionText);
};
