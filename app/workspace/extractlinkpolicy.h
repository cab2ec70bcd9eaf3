#pragma once

#include <QByteArray>
#include <QString>

class ExtractPathSet;

// Decides whether a symbolic link from the archive may be created: only relative targets that, resolved
// lexically from the link's own folder, stay inside the extracted tree.
class ExtractLinkPolicy
{
public:
    // Empty when the link may be created, otherwise why not, as words for ExtractionReport::skipped.
    // links holds the paths of the archive's link entries (as ExtractEntryPath::relative()).
    static QString refusal(const QByteArray &linkPath, const QByteArray &target, int maxPathBytes,
                           const ExtractPathSet &links);
};
