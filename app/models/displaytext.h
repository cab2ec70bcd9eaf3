#pragma once

#include <QString>

// What a view shows of a string that came from a server. A control character drawn raw is invisible or
// garbles the row (a NUL cuts it, a bidi override turns the rest around), so each one is shown as a
// symbol instead: C0 controls as their U+2400 pictures (ESC as ␛, LF as ␊), DEL as ␡, and C1 controls
// and the invisible bidi and separator characters as a visible \uXXXX.
namespace DisplayText {

QString visible(const QString &text);
// The same for text laid out on several lines (an error's details): line feeds stay line breaks.
QString visibleLines(const QString &text);

} // namespace DisplayText
