#pragma once

#include <QStringView>

#include <algorithm>

// The one rule for characters in remote text that a terminal acts on or a screen does not show: the
// terminal escaper, the JSON printer, the views and the key check all ask here.
namespace UnsafeCharacters {

// C0 controls (line feed included), DEL and the C1 controls.
constexpr bool isControl(char32_t c)
{
    return c < 0x20 || (c >= 0x7f && c <= 0x9f);
}

// Invisible characters that reorder or break the text around them: the bidi marks, embeddings, overrides
// and isolates, and the line and paragraph separators.
constexpr bool isInvisibleFormat(char32_t c)
{
    return c == 0x061c || c == 0x200e || c == 0x200f || c == 0x2028 || c == 0x2029 ||
           (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

constexpr bool isUnsafe(char32_t c)
{
    return isControl(c) || isInvisibleFormat(c);
}

// A field a request sends must be one line: no control character in it.
inline bool containsControl(QStringView text)
{
    return std::any_of(text.cbegin(), text.cend(), [](QChar c) { return isControl(c.unicode()); });
}

} // namespace UnsafeCharacters
