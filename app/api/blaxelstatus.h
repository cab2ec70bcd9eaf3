#pragma once

#include <QObject>
#include <QStringList>
#include <QStringView>

// The one home of Blaxel's status and state words (blaxel-notes.md) and of what each means, for a
// delegate's colour, a filter menu and the deletion wait. Statuses are open strings: the word a row shows
// is what the server sent; a word this version does not know (TERMINATING, say) is Unknown, never an error.
class BlaxelStatus
{
    Q_GADGET

public:
    enum Kind
    {
        Unknown,      // any other word, or none
        Running,      // up and usable: DEPLOYED
        Transitional, // on its way somewhere: DEPLOYING, BUILDING, DELETING, ARCHIVING, ...
        Failed,       // FAILED
        Gone,         // TERMINATED, DEACTIVATED, ARCHIVED: not running, and not coming back by itself
    };
    Q_ENUM(Kind)

    // Every status word of the notes, upper case, in the order a filter menu lists them.
    static QStringList statuses();
    static Kind of(QStringView status); // case and surrounding spaces are ignored
    static QString terminated();        // "TERMINATED": where a deletion ends
    static QString deleting();          // "DELETING"
    // A delete makes sense: the sandbox is neither already being deleted nor terminated.
    static bool isDeletable(QStringView status);

    // The `state` words: RUNNING, or STANDBY once scaled to zero after about 15 s idle.
    static QString running();
    static QString standby();
    static bool isStandby(QStringView state);
};
