#include "cli/logtextfilter.h"

namespace {

constexpr char escape = '\x1b';
// No colour sequence is longer; a longer one is dropped whole.
constexpr qsizetype maxCsiParameters = 64;

int continuationBytes(unsigned char lead)
{
    if (lead >= 0xC2 && lead <= 0xDF)
        return 1;
    if (lead >= 0xE0 && lead <= 0xEF)
        return 2;
    if (lead >= 0xF0 && lead <= 0xF4)
        return 3;
    return 0;
}

// U+0080..U+009F: C1 controls (0x9B is a one-byte CSI).
bool isC1(const QByteArray &sequence)
{
    return sequence.size() == 2 && uchar(sequence[0]) == 0xC2 && uchar(sequence[1]) <= 0x9F;
}

// The invisible characters that reorder or hide text.
bool isBidiOrSeparator(const QByteArray &sequence)
{
    if (sequence.size() == 2)
        return uchar(sequence[0]) == 0xD8 && uchar(sequence[1]) == 0x9C; // U+061C
    if (sequence.size() != 3 || uchar(sequence[0]) != 0xE2)
        return false;
    const uchar second = uchar(sequence[1]);
    const uchar third = uchar(sequence[2]);
    if (second == 0x80)
        return third == 0x8E || third == 0x8F || (third >= 0xA8 && third <= 0xAE); // 200E/F, 2028/9, 202A-E
    return second == 0x81 && third >= 0xA6 && third <= 0xA9;                       // 2066-2069
}

} // namespace

QByteArray LogTextFilter::filter(const QByteArray &chunk)
{
    QByteArray out;
    out.reserve(chunk.size());
    for (const char byte : chunk) {
        const auto value = uchar(byte);
        switch (m_state) {
        case State::Text:
            text(byte, &out);
            break;
        case State::Escape:
            if (byte == '[') {
                m_state = State::Csi;
                m_csi.clear();
                m_csiTooLong = false;
            } else if (byte == ']' || byte == 'P' || byte == '_' || byte == '^' || byte == 'X') {
                m_state = State::String;
            } else if (value >= 0x20 && value <= 0x2F) {
                m_state = State::EscapeTail;
            } else {
                m_state = State::Text; // a two-byte sequence (ESC 7, ESC c, ...): dropped
                if (value < 0x20 || value == 0x7F)
                    text(byte, &out);
            }
            break;
        case State::EscapeTail:
            if (value < 0x20 || value > 0x2F)
                m_state = State::Text;
            break;
        case State::Csi:
            if (value >= 0x40 && value <= 0x7E) {
                m_state = State::Text;
                bool colour = byte == 'm' && !m_csiTooLong;
                for (const char parameter : std::as_const(m_csi))
                    colour = colour &&
                             ((parameter >= '0' && parameter <= '9') || parameter == ';' || parameter == ':');
                if (colour)
                    out.append("\x1b[").append(m_csi).append('m');
            } else if (value >= 0x20 && value <= 0x3F) {
                if (m_csi.size() < maxCsiParameters)
                    m_csi += byte;
                else
                    m_csiTooLong = true;
            } else {
                m_state = State::Text; // not a CSI after all: the sequence is dropped, this byte is text
                text(byte, &out);
            }
            break;
        case State::String:
            if (byte == '\a')
                m_state = State::Text;
            else if (byte == escape)
                m_state = State::StringEscape;
            break;
        case State::StringEscape:
            m_state = byte == '\\' ? State::Text : State::String;
            break;
        }
    }
    return out;
}

void LogTextFilter::text(char byte, QByteArray *out)
{
    const auto value = uchar(byte);
    if (m_pendingNeeded > 0) {
        if ((value & 0xC0) == 0x80) {
            m_pending += byte;
            if (--m_pendingNeeded == 0) {
                character(m_pending, out);
                m_pending.clear();
            }
            return;
        }
        // A broken character: what was held is dropped.
        m_pending.clear();
        m_pendingNeeded = 0;
    }
    if (byte == escape) {
        m_state = State::Escape;
        return;
    }
    if (value >= 0x80) {
        if (const int needed = continuationBytes(value); needed > 0) {
            m_pending = QByteArray(1, byte);
            m_pendingNeeded = needed;
        }
        return;
    }
    if ((value < 0x20 || value == 0x7F) && byte != '\n' && byte != '\t')
        return;
    *out += byte;
}

void LogTextFilter::character(const QByteArray &sequence, QByteArray *out)
{
    if (isC1(sequence) || isBidiOrSeparator(sequence))
        return;
    *out += sequence;
}

QByteArray LogTextFilter::finish()
{
    m_pending.clear();
    m_pendingNeeded = 0;
    m_state = State::Text;
    return {};
}
