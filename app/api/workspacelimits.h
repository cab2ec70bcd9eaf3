#pragma once

#include <QString>
#include <QtGlobal>

// What a provider says it takes into a workspace in one upload; -1 where it states nothing. Read from the
// local sandbox's `workspace_limits` (an extension our emulator serves; the provider's schema has no such
// field today), so that a drop is refused in its confirmation, before anything is packed or sent.
struct WorkspaceLimits
{
    qint64 maxEntries = -1;       // tar entries: files, folders and links
    qint64 maxUnpackedBytes = -1; // the files' content, unpacked
    qint64 maxUploadBytes = -1;   // the .tar.gz as sent

    bool statesAny() const { return maxEntries >= 0 || maxUnpackedBytes >= 0 || maxUploadBytes >= 0; }
    // Why an upload of this many entries and bytes would be refused, in a sentence; empty when it fits.
    // -1 for what is not known yet (a dropped archive's entries).
    QString refusal(qint64 entries, qint64 unpackedBytes, qint64 uploadBytes) const;

    friend bool operator==(const WorkspaceLimits &, const WorkspaceLimits &) = default;
};
