#include "api/blaxelduration.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

bool BlaxelDuration::isValid(const QString &text)
{
    static const QRegularExpression duration(u"^([0-9]{1,9}[smhdw])+$"_s);
    return text.size() <= 32 && duration.match(text).hasMatch();
}

QString BlaxelDuration::problem(const QString &text)
{
    return text.isEmpty() || isValid(text) ? QString() : tr("A duration such as 30m, 24h or 1h30m.");
}
