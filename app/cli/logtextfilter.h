#pragma once

#include <QByteArray>

// An execution's log on its way to stdout: the script's bytes, which may hold any escape sequence. Only
// colour (SGR: ESC [ digits ; m), text, line breaks and tabs pass; every other control and escape sequence
// (cursor moves, titles, OSC links, C1 controls, BEL, CR, BS, bidi overrides and isolates, broken UTF-8) is
// dropped. That holds into a pipe or a file too, because a pipe ends in a terminal as often as not
// (`| less -R`, `| tee`, a file shown with cat): the bytes as received are what `--raw` asks for, on
// purpose. Sequences and characters split across chunks are carried over, so the result does not depend on
// where the server cut the log.
class LogTextFilter
{
public:
    QByteArray filter(const QByteArray &chunk);
    // What is still held at the end of the log: an unfinished escape sequence or character is dropped.
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

    State m_state = State::Text;
    QByteArray m_csi; // the parameters of the CSI sequence being read
    bool m_csiTooLong = false;
    QByteArray m_pending; // the start of a multi-byte UTF-8 character
    int m_pendingNeeded = 0;
};
