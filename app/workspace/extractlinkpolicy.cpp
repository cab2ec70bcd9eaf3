#include "workspace/extractlinkpolicy.h"

#include "workspace/extractentrypath.h"
#include "workspace/extractpathset.h"

#include <QByteArrayList>
#include <QCoreApplication>

#include <vector>

using namespace Qt::StringLiterals;

QString ExtractLinkPolicy::refusal(const QByteArray &linkPath, const QByteArray &target, int maxPathBytes,
                                   const ExtractPathSet &links)
{
    const QString shown = ExtractEntryPath::displayName(target);
    if (target.isEmpty())
        return QCoreApplication::translate("ExtractLinkPolicy",
                                           "symbolic link with an empty target, not extracted");
    if (!ExtractEntryPath::isUtf8(target))
        return QCoreApplication::translate("ExtractLinkPolicy",
                                           "symbolic link target is not valid UTF-8 (%1), not extracted")
            .arg(shown);
    if (target.contains('\\'))
        return QCoreApplication::translate("ExtractLinkPolicy",
                                           "symbolic link target contains a backslash (%1), not extracted")
            .arg(shown);
    if (target.size() > maxPathBytes)
        return QCoreApplication::translate("ExtractLinkPolicy",
                                           "symbolic link target is longer than %1 bytes, not extracted")
            .arg(maxPathBytes);
    if (target.startsWith('/'))
        return QCoreApplication::translate("ExtractLinkPolicy",
                                           "symbolic link to an absolute path (%1), not extracted")
            .arg(shown);

    // The resolved path is kept as one node of the link set per component: each step costs one lookup,
    // where joining the path again at every step cost the square of the target's length, per link.
    std::vector<qsizetype> resolved;
    const auto enter = [&resolved, &links](const QByteArray &component) {
        resolved.push_back(
            links.child(resolved.empty() ? ExtractPathSet::root() : resolved.back(), component));
    };
    QByteArrayList folder = linkPath.split('/');
    folder.removeLast(); // a link resolves from the folder it is in
    for (const QByteArray &component : std::as_const(folder))
        enter(component);
    // Lexical resolution is only right while no component is itself a link: "up/.." where "up" is a link
    // to ".." really names the parent of the tree. Once the walk has entered a link, a later ".." is
    // refused rather than followed.
    bool throughLink = false;
    for (const QByteArray &component : target.split('/')) {
        if (component.isEmpty() || component == ".")
            continue;
        if (component == "..") {
            if (throughLink)
                return QCoreApplication::translate(
                           "ExtractLinkPolicy",
                           "symbolic link to %1 goes up through another link, not extracted")
                    .arg(shown);
            if (resolved.empty())
                return QCoreApplication::translate(
                           "ExtractLinkPolicy",
                           "symbolic link to %1 points outside the extracted folder, not extracted")
                    .arg(shown);
            resolved.pop_back();
            continue;
        }
        enter(component);
        if (!throughLink && links.isMember(resolved.back()))
            throughLink = true;
    }
    return {};
}
