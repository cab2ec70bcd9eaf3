#pragma once

#include <QObject>
#include <QStringView>

// The meaning of a sandbox status word, for delegates that colour it (the StatusKindRole of the list and
// tree models). Statuses are open strings: the word itself stays what the API sent and is what cells show;
// a word this version does not know is Unknown, never an error.
class StatusKind
{
    Q_GADGET

public:
    enum Kind
    {
        Unknown,  // any other word, or none
        Idle,     // free to acquire
        Occupied, // in use
        Error
    };
    Q_ENUM(Kind)

    // One of ServerLists::statuses(); case and surrounding spaces are ignored ("Idle", " idle").
    static Kind of(QStringView status);
    // Release and Reset apply: neither idle (nobody holds it) nor failed. An unknown word may be held.
    static bool isReleasable(Kind kind);
};
