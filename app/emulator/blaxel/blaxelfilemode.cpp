#include "emulator/blaxel/blaxelfilemode.h"

#include <QByteArray>

namespace Emulator {

std::optional<int> BlaxelFileMode::fromOctal(QByteArrayView text)
{
    bool ok = false;
    const int mode = text.trimmed().toInt(&ok, 8);
    if (!ok || mode < 0 || mode > 07777)
        return std::nullopt;
    return mode & 0777;
}

} // namespace Emulator
