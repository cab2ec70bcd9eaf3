#include "blaxel/blaxelstatusicons.h"

#include "api/blaxelstatus.h"
#include "common/statusicons.h"

using namespace Qt::StringLiterals;

QColor BlaxelStatusIcons::color(const QString &status)
{
    switch (BlaxelStatus::of(status)) {
    case BlaxelStatus::Running:
        return StatusIcons::color(u"idle"_s); // green
    case BlaxelStatus::Transitional:
        return QColor(0xe0, 0x9b, 0x1a); // amber
    case BlaxelStatus::Failed:
        return StatusIcons::color(u"error"_s); // red
    case BlaxelStatus::Gone:
    case BlaxelStatus::Unknown:
        break;
    }
    return StatusIcons::color(QString()); // grey
}

QIcon BlaxelStatusIcons::icon(const QString &status)
{
    return StatusIcons::dot(color(status));
}
