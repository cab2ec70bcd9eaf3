#pragma once

#include <QString>
#include <QStringList>

// Short forms of URLs for narrow places. The MCP URLs of one sandbox share scheme, host, port and
// often the query: elided in the middle they look identical. The short form starts where they differ;
// the full URL stays for copying and tooltips.
class UrlDisplay
{
public:
    // One short form per URL, in the same order: the URL without the origin its siblings share, and
    // without a shared leading path when that is long. Texts that are not URLs come back unchanged.
    static QStringList distinctive(const QStringList &urls);
};
