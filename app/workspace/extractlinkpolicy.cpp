#include "extractlinkpolicy.h"

#include "extractentrypath.h"

#include <QByteArrayList>

using namespace Qt::StringLiterals;

QString ExtractLinkPolicy::refusal(const QByteArray &linkPath, const QByteArray &target, int maxPathBytes,
                                   const IsLink &isLink)
{
    const QString shown = ExtractEntryPath::displayName(target);
    if (target.isEmpty())
        return u"symbolic link with an empty target, not extracted"_s;
    if (!ExtractEntryPath::isUtf8(target))
        return u"symbolic link target is not valid UTF-8 (%1), not extracted"_s.arg(shown);
    if (target.contains('\\'))
        return u"symbolic link target contains a backslash (%1), not extracted"_s.arg(shown);
    if (target.size() > maxPathBytes)
        return u"symbolic link target is longer than %1 bytes, not extracted"_s.arg(maxPathBytes);
    if (target.startsWith('/'))
        return u"symbolic link to an absolute path (%1), not extracted"_s.arg(shown);

    QByteArrayList resolved = linkPath.split('/');
    resolved.removeLast(); // a link resolves from the folder it is in
    // Lexical resolution is only right while no component is itself a link: "up/.." where "up" is a link
    // to ".." really names the parent of the tree. Once the walk has entered a link, a later ".." is
    // refused rather than followed.
    bool throughLink = false;
    for (const QByteArray &component : target.split('/')) {
        if (component.isEmpty() || component == ".")
            continue;
        if (component == "..") {
            if (throughLink)
                return u"symbolic link to %1 goes up through another link, not extracted"_s.arg(shown);
            if (resolved.isEmpty())
                return u"symbolic link to %1 points outside the extracted folder, not extracted"_s.arg(shown);
            resolved.removeLast();
            continue;
        }
        resolved.append(component);
        if (!throughLink && isLink(resolved.join('/')))
            throughLink = true;
    }
    return {};
}
