#pragma once

#include <QByteArrayView>

#include <optional>

namespace Emulator {

// A file's permissions as the sandbox's API takes them: an octal text ("0644", "755"), read the way its
// handlers read one (strconv.ParseUint(text, 8, 32)), of which the file gets the permission bits.
class BlaxelFileMode
{
public:
    // The permission bits (0 to 0777), or nullopt for a text that is no octal mode up to 07777.
    static std::optional<int> fromOctal(QByteArrayView text);
};

} // namespace Emulator
