#pragma once

#include <QByteArray>

// An execution's log on its way to stdout: the script's bytes, which may hold any escape sequence. On a
// terminal only colour (SGR: ESC [ digits ; m) and line breaks and tabs pass; every other control and escape
// sequence (cursor moves, titles, OSC links, C1 controls, bidi overrides, CR, BS) is dropped. Into a file
// or a pipe the bytes go as received, except escape sequences other than SGR and C1 controls, which would
// drive the terminal that later shows the file: a plain log stays byte-identical. Sequences and characters
// split across chunks are carried over, so the result does not depend on where the server cut the log.
class LogTextFilter
{
public:
    enum class Mode
    {
        Terminal,
        Plain
    };

    explicit LogTextFilter(Mode mode) : m_mode(mode) {}

    QByteArray filter(const QByteArray &chunk);
    // What is still held at the end of the log: an unfinished escape sequence is dropped, an unfinished
    // character passes in Plain mode.
    QByteArray finish();

private:
    enum class State
    {
        Text,
        Escape,       // after ESC
        EscapeTail,   // ESC and intermediates, waiting for the final byte
        Csi,          // ESC [ parameters
        String,       // OSC, DCS, APC, PM, SOS: until BEL or ESC backslash
        StringEscape, // an ESC inside a string
    };

    void text(char byte, QByteArray *out);
    void character(const QByteArray &sequence, QByteArray *out);

    Mode m_mode;
    State m_state = State::Text;
    QByteArray m_csi; // the parameters of the CSI sequence being read
    bool m_csiTooLong = false;
    QByteArray m_pending; // the start of a multi-byte UTF-8 character
    int m_pendingNeeded = 0;
};
