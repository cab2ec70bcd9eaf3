#include "workspace/bytesize.h"

namespace ByteSize {

QString text(qint64 bytes, const QLocale &locale)
{
    if (bytes < 0)
        return {};
    return locale.formattedDataSize(bytes, 1, QLocale::DataSizeTraditionalFormat);
}

} // namespace ByteSize
