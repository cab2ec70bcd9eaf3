#pragma once

#include <QColor>
#include <QIcon>
#include <QString>

// The status dots of Blaxel's words (BlaxelStatus): green when deployed, amber on the way somewhere
// (deploying, deleting), red when failed, grey when gone or unknown. The hues are StatusIcons' own, so
// that both providers' views speak one colour language.
class BlaxelStatusIcons
{
public:
    static QColor color(const QString &status);
    static QIcon icon(const QString &status);
};
