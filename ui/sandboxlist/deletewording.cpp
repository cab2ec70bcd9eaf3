#include "sandboxlist/deletewording.h"

#include "common/confirmationbox.h"
#include "models/displaytext.h"

using namespace Qt::StringLiterals;

QString DeleteWording::question(const QStringList &names)
{
    return names.size() == 1 ? tr("Delete %1 for good?").arg(DisplayText::visible(names.first()))
                             : tr("Delete %n Blaxel sandboxes for good?", nullptr, int(names.size()));
}

QString DeleteWording::explanation(const QStringList &names, int leftOut)
{
    QString text =
        names.size() == 1
            ? tr("Its files, processes and URL are destroyed for good; nothing can bring them back.")
            : tr("Their files, processes and URLs are destroyed for good; nothing can bring them "
                 "back.");
    if (names.size() > 1) {
        QStringList shown;
        for (const QString &name : names.first(std::min<qsizetype>(names.size(), namedInConfirmation)))
            shown << DisplayText::visible(name);
        text += u"\n\n"_s + shown.join(u", "_s);
        if (names.size() > namedInConfirmation)
            text += u' ' + tr("and %n more", nullptr, int(names.size()) - namedInConfirmation);
    }
    if (leftOut > 0)
        text += u"\n\n"_s + tr("%n selected sandbox(es) already deleting or terminated are left as they are.",
                               nullptr, leftOut);
    return text;
}

bool DeleteWording::confirm(QWidget *parent, const QStringList &names, int leftOut)
{
    return ConfirmationBox::ask(parent, question(names), explanation(names, leftOut), tr("Delete"));
}
