#include "models/ansitextparser.h"

#include "api/unsafecharacters.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace {

constexpr char16_t escape = 0x1b;
constexpr char16_t bell = 0x07;

} // namespace

void AnsiTextParser::reset()
{
    m_decoder.resetState();
    m_state = State::Text;
    m_sequence.clear();
    m_style = {};
    m_highSurrogate = QChar();
}

QString AnsiTextParser::plainText(const QList<AnsiSpan> &spans)
{
    QString text;
    for (const AnsiSpan &span : spans)
        text += span.text;
    return text;
}

void AnsiTextParser::append(QList<AnsiSpan> &spans, QChar c)
{
    if (spans.isEmpty() || spans.constLast().style != m_style)
        spans.append(AnsiSpan{QString(), m_style});
    spans.last().text.append(c);
}

QList<AnsiSpan> AnsiTextParser::feed(const QByteArray &bytes)
{
    QList<AnsiSpan> spans;
    const QString text = m_decoder.decode(bytes);
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        switch (m_state) {
        case State::Text:
            if (u == escape) {
                m_state = State::Escape;
                m_sequence.clear();
            } else if (c.isHighSurrogate()) {
                m_highSurrogate = c;
            } else if (c.isLowSurrogate()) {
                if (!m_highSurrogate.isNull()) {
                    const char32_t code = QChar::surrogateToUcs4(m_highSurrogate, c);
                    if (!UnsafeCharacters::isUnsafe(code)) {
                        append(spans, m_highSurrogate);
                        append(spans, c);
                    }
                }
                m_highSurrogate = QChar();
            } else if (u == u'\n' || u == u'\t' || !UnsafeCharacters::isUnsafe(u)) {
                append(spans, c);
            }
            break;
        case State::Escape:
            if (u == u'[') {
                m_state = State::Csi;
            } else if (u == u']' || u == u'P' || u == u'X' || u == u'^' || u == u'_') {
                m_state = State::String;
            } else if (u >= 0x20 && u <= 0x2f) {
                m_state = State::EscapeTail;
            } else {
                m_state = State::Text; // a two-character sequence (ESC c, ESC 7, ...), or a stray escape
            }
            break;
        case State::Csi:
            if (u >= 0x40 && u <= 0x7e) {
                if (u == u'm')
                    applySgr(m_sequence);
                m_state = State::Text;
            } else if (u < 0x20 || u > 0x3f || m_sequence.size() >= maxSequenceLength) {
                // Not a CSI byte, or a sequence too long to be honest: dropped, the text goes on.
                m_state = u == escape ? State::Escape : State::Text;
            } else {
                m_sequence.append(c);
            }
            break;
        case State::String:
            if (u == bell)
                m_state = State::Text;
            else if (u == escape)
                m_state = State::StringEscape;
            break;
        case State::StringEscape:
            m_state = u == u'\\' ? State::Text : State::String;
            break;
        case State::EscapeTail:
            // A final byte ends it; a byte that cannot be in it ends it too.
            if (u >= 0x30 || u < 0x20)
                m_state = State::Text;
            break;
        }
    }
    return spans;
}

void AnsiTextParser::setIndexed(int index)
{
    // The other fields reset, so that equal looks compare equal (and their spans merge).
    m_style = AnsiStyle{AnsiStyle::Colour::Indexed, index, 0, m_style.bold};
}

void AnsiTextParser::applySgr(const QString &parameters)
{
    // An empty list is a reset; an empty parameter is 0. Colons (38:5:n) are read as semicolons.
    QString normalised = parameters;
    normalised.replace(u':', u';');
    const QStringList words = normalised.split(u';');
    for (qsizetype i = 0; i < words.size(); ++i) {
        bool ok = false;
        const int code = words.at(i).isEmpty() ? 0 : words.at(i).toInt(&ok);
        if (!words.at(i).isEmpty() && !ok)
            return; // private or malformed: ignored whole
        if (code == 0) {
            m_style = {};
        } else if (code == 1) {
            m_style.bold = true;
        } else if (code == 22) {
            m_style.bold = false;
        } else if (code >= 30 && code <= 37) {
            setIndexed(code - 30);
        } else if (code >= 90 && code <= 97) {
            setIndexed(code - 90 + 8);
        } else if (code == 39) {
            m_style = AnsiStyle{AnsiStyle::Colour::Default, 0, 0, m_style.bold};
        } else if (code == 38 || code == 48) {
            // Extended colours; a background (48) is read and left alone.
            const auto number = [&words](qsizetype at) {
                bool good = false;
                const int value = at < words.size() ? words.at(at).toInt(&good) : -1;
                return good && value >= 0 && value <= 255 ? value : -1;
            };
            const int mode = number(i + 1);
            if (mode == 5) {
                const int index = number(i + 2);
                if (index >= 0 && code == 38)
                    setIndexed(index);
                i += 2;
            } else if (mode == 2) {
                const int r = number(i + 2);
                const int g = number(i + 3);
                const int b = number(i + 4);
                if (r >= 0 && g >= 0 && b >= 0 && code == 38)
                    m_style = AnsiStyle{AnsiStyle::Colour::Rgb, 0,
                                        (quint32(r) << 16) | (quint32(g) << 8) | quint32(b), m_style.bold};
                i += 4;
            } else {
                return;
            }
        }
        // Every other attribute (italic, underline, background, blink...) is left alone.
    }
}
