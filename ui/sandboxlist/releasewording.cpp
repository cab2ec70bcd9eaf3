#include "sandboxlist/releasewording.h"

QString ReleaseWording::klavisQuestion(Verb verb, int count, const QString &label)
{
    if (verb == Verb::Release)
        return count == 1 ? tr("Release %1 back to the pool?").arg(label)
                          : tr("Release %n sandboxes back to the pool?", nullptr, count);
    return count == 1 ? tr("Reset %1?").arg(label) : tr("Reset %n sandboxes?", nullptr, count);
}

QString ReleaseWording::klavisConsequence(Verb verb, int count)
{
    if (verb == Verb::Release)
        return count == 1
                   ? tr("Agents using its MCP URLs lose access, and the data in it is reset for the next "
                        "user.")
                   : tr("Agents using their MCP URLs lose access, and the data in them is reset for the next "
                        "user.");
    return count == 1 ? tr("Its data goes back to the initial state; it stays acquired.")
                      : tr("Their data goes back to the initial state; they stay acquired.");
}

QString ReleaseWording::localQuestion(Verb verb, int count, const QString &label)
{
    if (verb == Verb::Release)
        return count == 1 ? tr("Release local sandbox %1?").arg(label)
                          : tr("Release %n local sandboxes?", nullptr, count);
    return count == 1 ? tr("Reset local sandbox %1?").arg(label)
                      : tr("Reset %n local sandboxes?", nullptr, count);
}

QString ReleaseWording::localConsequence(Verb verb, int count)
{
    if (verb == Verb::Release)
        return count == 1
                   ? tr("The VM and its workspace are discarded; save a dump first if you need it.")
                   : tr("The VMs and their workspaces are discarded; save dumps first if you need them.");
    return count == 1 ? tr("Its workspace is emptied; it stays acquired.")
                      : tr("Their workspaces are emptied; they stay acquired.");
}

QString ReleaseWording::mixedQuestion(Verb verb, int count)
{
    return verb == Verb::Release ? tr("Release %n sandboxes?", nullptr, count)
                                 : tr("Reset %n sandboxes?", nullptr, count);
}

QString ReleaseWording::actionText(Verb verb)
{
    return verb == Verb::Release ? tr("Release") : tr("Reset");
}

QString ReleaseWording::actionCountText(Verb verb, int count)
{
    if (verb == Verb::Release)
        return count > 1 ? tr("&Release %1").arg(count) : tr("&Release");
    return count > 1 ? tr("Re&set %1").arg(count) : tr("Re&set");
}
