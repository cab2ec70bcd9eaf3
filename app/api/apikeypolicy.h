#pragma once

#include <QString>

// The one rule for an API key, wherever it comes from (the key prompt, the keychain, KLAVIS_API_KEY): it
// goes into an HTTP header, so a CR or LF in it would let it add headers of its own, and any other control
// character is never part of a real key. Whitespace at the end is what a paste or `echo` leaves behind;
// the user cannot see it, so it is trimmed, and the caller says so.
struct ApiKeyCheck
{
    QString key;   // the key to use: the input without trailing whitespace; empty when refused
    QString error; // a sentence for the user, naming the offending character; empty when fine
    bool trimmedTrailingWhitespace = false;

    bool isValid() const { return error.isEmpty(); }
};

namespace ApiKeyPolicy {

// An empty input is not refused here (the callers know what "no key" means for them): the answer is an
// empty key with no error.
ApiKeyCheck checkApiKey(const QString &raw);
// The note a caller shows when trimmedTrailingWhitespace is set.
QString trimmedNote();

} // namespace ApiKeyPolicy
