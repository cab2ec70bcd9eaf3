#pragma once

#include <QCoreApplication>
#include <QString>

// The one home of what Release and Reset say before they act, for Klavis sandboxes (back to the pool) and
// Klavis local sandboxes (a VM and its workspace), so that the Sandboxes, Local sandboxes and All views ask
// the same question about the same sandbox.
class ReleaseWording final
{
    Q_DECLARE_TR_FUNCTIONS(ReleaseWording)

public:
    enum class Verb
    {
        Release,
        Reset
    };

    // `label` names the one sandbox when `count` is 1.
    static QString klavisQuestion(Verb verb, int count, const QString &label);
    static QString klavisConsequence(Verb verb, int count);
    static QString localQuestion(Verb verb, int count, const QString &label);
    static QString localConsequence(Verb verb, int count);
    // For a selection holding both kinds: "Release 3 sandboxes?".
    static QString mixedQuestion(Verb verb, int count);
    // The confirmation button: "Release" or "Reset".
    static QString actionText(Verb verb);
    // The window's action for a selection of `count` sandboxes it applies to: "&Release 3", "Re&set".
    static QString actionCountText(Verb verb, int count);
};
