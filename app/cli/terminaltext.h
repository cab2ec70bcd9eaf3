#pragma once

#include <QString>

// Text that came from outside (a server, an archive, the environment) must not drive the terminal: an ESC
// could retitle or clear it, a BEL ring it, a CR or a bidi override hide what follows. Everything the CLI
// prints in human form goes through here, once, in CliOutput and TextTable.
namespace TerminalText {

// Every C0 control (newline included), DEL and C1 control as \xHH, and the invisible bidi and line
// separators (U+200E/F, U+2028/9, U+202A-202E, U+2066-2069, U+061C) as \uXXXX. A cell or a field value.
QString escape(const QString &text);
// The same, but a '\n' stays a line break: for whole lines the CLI composes itself.
QString escapeKeepingLines(const QString &text);
// Whether escape() would change the text.
bool needsEscaping(const QString &text);

} // namespace TerminalText
