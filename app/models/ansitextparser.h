#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringDecoder>

// How a run of log text looks after the SGR sequences before it: a colour (none, one of xterm's 256, or a
// 24-bit one) and bold. The widget maps an indexed colour to the palette's shade of it.
struct AnsiStyle
{
    enum class Colour
    {
        Default,
        Indexed, // index: 0..15 the named ANSI colours, 16..255 xterm's cube and greys
        Rgb      // rgb: 0xRRGGBB
    };
    Colour colour = Colour::Default;
    int index = 0;
    quint32 rgb = 0;
    bool bold = false;

    bool operator==(const AnsiStyle &other) const = default;

    static AnsiStyle indexed(int index, bool bold = false)
    {
        AnsiStyle style;
        style.colour = Colour::Indexed;
        style.index = index;
        style.bold = bold;
        return style;
    }
};

struct AnsiSpan
{
    QString text;
    AnsiStyle style;

    bool operator==(const AnsiSpan &other) const = default;
};

// Turns a script's log bytes into styled text spans. It understands the SGR sequences terminals colour
// with (0, 1, 22, 30-37, 39, 90-97, 38;5;n, 38;2;r;g;b) and drops everything else a terminal acts on: other
// CSI and OSC sequences, lone escapes, C0 and C1 controls except line feed and tab, carriage returns, and
// the invisible characters that reorder text (UnsafeCharacters). Remote bytes are hostile, so a sequence
// is bounded: one longer than maxSequenceLength is dropped as it goes. It is incremental: bytes may be cut
// anywhere (inside a UTF-8 character or an escape sequence) and the next feed() completes them.
class AnsiTextParser
{
public:
    static constexpr int maxSequenceLength = 256;

    // The spans of `bytes`, adjacent spans of one style merged; text held back by an unfinished sequence
    // or character comes with a later feed().
    QList<AnsiSpan> feed(const QByteArray &bytes);
    // The style the next text will have.
    const AnsiStyle &style() const { return m_style; }
    // Text from here on starts in `style`: a line kept alone reads again as it looked in its log.
    void setStyle(const AnsiStyle &style) { m_style = style; }
    void reset();

    // The plain text of spans.
    static QString plainText(const QList<AnsiSpan> &spans);

private:
    enum class State
    {
        Text,
        Escape,       // after ESC
        Csi,          // ESC [ ... until a final byte
        String,       // OSC, DCS, APC, PM, SOS: until BEL or ESC backslash
        StringEscape, // an ESC inside a string: a backslash ends it
        EscapeTail    // ESC followed by intermediates (ESC ( B ...): until a final byte
    };

    void applySgr(const QString &parameters);
    void setIndexed(int index);
    void append(QList<AnsiSpan> &spans, QChar c);

    QStringDecoder m_decoder{QStringDecoder::Utf8};
    State m_state = State::Text;
    QString m_sequence;
    AnsiStyle m_style;
    QChar m_highSurrogate;
};
