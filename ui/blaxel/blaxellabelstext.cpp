#include "blaxel/blaxellabelstext.h"

#include <QRegularExpression>
#include <QStringList>

using namespace Qt::StringLiterals;

QMap<QString, QString> BlaxelLabelsText::parse(const QString &text, QString *problem)
{
    QMap<QString, QString> labels;
    static const QRegularExpression key(u"^[A-Za-z0-9._/-]{1,63}$"_s);
    for (const QString &entry : text.split(u',', Qt::SkipEmptyParts)) {
        const QString trimmed = entry.trimmed();
        if (trimmed.isEmpty())
            continue;
        const qsizetype equals = trimmed.indexOf(u'=');
        const QString name = (equals < 0 ? trimmed : trimmed.left(equals)).trimmed();
        const QString value = equals < 0 ? QString() : trimmed.mid(equals + 1).trimmed();
        if (!key.match(name).hasMatch()) {
            if (problem)
                *problem = tr("A label is name=value; a name holds letters, digits, '.', '_', '/' or '-'.");
            return {};
        }
        labels.insert(name, value);
    }
    if (problem)
        problem->clear();
    return labels;
}

QString BlaxelLabelsText::format(const QMap<QString, QString> &labels)
{
    QStringList entries;
    for (auto it = labels.cbegin(); it != labels.cend(); ++it)
        entries << (it.value().isEmpty() ? it.key() : it.key() + u'=' + it.value());
    return entries.join(u", "_s);
}
