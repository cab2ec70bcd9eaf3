#pragma once

#include <QByteArray>
#include <QString>

#include <functional>

// Decides whether a symbolic link from the archive may be created: only relative targets that, resolved
// lexically from the link's own folder, stay inside the extracted tree.
class ExtractLinkPolicy
{
public:
    // isLink tells whether a relative path (as ExtractEntryPath::relative()) is a link entry of the archive.
    using IsLink = std::function<bool(const QByteArray &relativePath)>;

    // Empty when the link may be created, otherwise why not, as words for ExtractionReport::skipped.
    static QString refusal(const QByteArray &linkPath, const QByteArray &target, int maxPathBytes,
                           const IsLink &isLink);
};
