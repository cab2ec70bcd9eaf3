#include "terminal/terminalscreen.h"

#include <vterm.h>

#include <algorithm>
#include <utility>
#include <vector>

namespace {

TerminalColor colorOf(const VTermScreen *screen, VTermColor color, bool foreground)
{
    if (foreground ? VTERM_COLOR_IS_DEFAULT_FG(&color) : VTERM_COLOR_IS_DEFAULT_BG(&color))
        return {};
    vterm_screen_convert_color_to_rgb(screen, &color);
    return {false,
            (quint32(color.rgb.red) << 16) | (quint32(color.rgb.green) << 8) | quint32(color.rgb.blue)};
}

VTermModifier modifierOf(Qt::KeyboardModifiers modifiers)
{
    int mod = VTERM_MOD_NONE;
    if (modifiers & Qt::ShiftModifier)
        mod |= VTERM_MOD_SHIFT;
    if (modifiers & Qt::AltModifier)
        mod |= VTERM_MOD_ALT;
    if (modifiers & Qt::ControlModifier)
        mod |= VTERM_MOD_CTRL;
    return VTermModifier(mod);
}

VTermKey keyOf(int key)
{
    switch (key) {
    case Qt::Key_Return:
    case Qt::Key_Enter:
        return VTERM_KEY_ENTER;
    case Qt::Key_Tab:
    case Qt::Key_Backtab:
        return VTERM_KEY_TAB;
    case Qt::Key_Backspace:
        return VTERM_KEY_BACKSPACE;
    case Qt::Key_Escape:
        return VTERM_KEY_ESCAPE;
    case Qt::Key_Up:
        return VTERM_KEY_UP;
    case Qt::Key_Down:
        return VTERM_KEY_DOWN;
    case Qt::Key_Left:
        return VTERM_KEY_LEFT;
    case Qt::Key_Right:
        return VTERM_KEY_RIGHT;
    case Qt::Key_Insert:
        return VTERM_KEY_INS;
    case Qt::Key_Delete:
        return VTERM_KEY_DEL;
    case Qt::Key_Home:
        return VTERM_KEY_HOME;
    case Qt::Key_End:
        return VTERM_KEY_END;
    case Qt::Key_PageUp:
        return VTERM_KEY_PAGEUP;
    case Qt::Key_PageDown:
        return VTERM_KEY_PAGEDOWN;
    default:
        break;
    }
    if (key >= Qt::Key_F1 && key <= Qt::Key_F35)
        return VTermKey(VTERM_KEY_FUNCTION_0 + 1 + (key - Qt::Key_F1));
    return VTERM_KEY_NONE;
}

} // namespace

// libvterm's C callbacks, a friend so that they reach the screen's state.
struct TerminalScreenCallbacks
{
    static TerminalScreen *self(void *user) { return static_cast<TerminalScreen *>(user); }

    static int damage(VTermRect rect, void *user)
    {
        self(user)->damage(rect.start_row, rect.end_row - 1);
        return 1;
    }
    static int moveCursor(VTermPos pos, VTermPos, int visible, void *user)
    {
        TerminalScreen *screen = self(user);
        screen->m_cursor = QPoint(pos.col, pos.row);
        screen->m_cursorVisible = visible != 0;
        screen->m_cursorMoved = true;
        return 1;
    }
    static int setProperty(VTermProp property, VTermValue *value, void *user)
    {
        TerminalScreen *screen = self(user);
        switch (property) {
        case VTERM_PROP_CURSORVISIBLE:
            screen->m_cursorVisible = value->boolean != 0;
            screen->m_cursorMoved = true;
            break;
        case VTERM_PROP_ALTSCREEN:
            screen->m_alternate = value->boolean != 0;
            Q_EMIT screen->alternateScreenChanged(screen->m_alternate);
            break;
        case VTERM_PROP_TITLE:
            screen->m_title = QString::fromUtf8(value->string);
            Q_EMIT screen->titleChanged(screen->m_title);
            break;
        default:
            break;
        }
        return 1;
    }
    static int ring(void *user)
    {
        Q_EMIT self(user)->bell();
        return 1;
    }
    static int pushLine(int cols, const VTermScreenCell *cells, void *user)
    {
        TerminalScreen *screen = self(user);
        // The blank default cells at the end of a line are not kept: most lines are much shorter than the
        // screen is wide, and converting each blank cell was most of the cost of a fast-scrolling shell.
        // popLine() and the view draw a short line as if padded.
        int used = cols;
        while (used > 0 && isBlank(cells[used - 1]))
            --used;
        screen->pushLine(screen->convert(cells, used));
        return 1;
    }
    static bool isBlank(const VTermScreenCell &cell)
    {
        return (cell.chars[0] == 0 || cell.chars[0] == ' ') && VTERM_COLOR_IS_DEFAULT_BG(&cell.bg) &&
               !cell.attrs.reverse && !cell.attrs.underline && !cell.attrs.strike;
    }
    static int popLine(int cols, VTermScreenCell *cells, void *user)
    {
        TerminalScreen *screen = self(user);
        if (screen->m_scrollback.empty())
            return 0;
        const TerminalLine line = std::move(screen->m_scrollback.back());
        screen->m_scrollback.pop_back();
        screen->m_scrollbackMoved = true;
        for (int col = 0; col < cols; ++col) {
            VTermScreenCell &out = cells[col];
            out = VTermScreenCell{};
            vterm_color_indexed(&out.fg, 7);
            out.fg.type = VTermColorType(out.fg.type | VTERM_COLOR_DEFAULT_FG);
            vterm_color_indexed(&out.bg, 0);
            out.bg.type = VTermColorType(out.bg.type | VTERM_COLOR_DEFAULT_BG);
            out.width = 1;
            if (col >= line.size())
                continue;
            const TerminalCell &in = line.at(col);
            const QList<uint> chars = in.text.toUcs4();
            for (int i = 0; i < std::min<int>(int(chars.size()), VTERM_MAX_CHARS_PER_CELL); ++i)
                out.chars[i] = chars.at(i);
            out.width = char(std::max<int>(in.width, 1));
            out.attrs.bold = in.bold;
            out.attrs.italic = in.italic;
            out.attrs.reverse = in.reverse;
            out.attrs.underline = in.underline;
            if (!in.foreground.isDefault)
                vterm_color_rgb(&out.fg, quint8(in.foreground.rgb >> 16), quint8(in.foreground.rgb >> 8),
                                quint8(in.foreground.rgb));
            if (!in.background.isDefault)
                vterm_color_rgb(&out.bg, quint8(in.background.rgb >> 16), quint8(in.background.rgb >> 8),
                                quint8(in.background.rgb));
        }
        return 1;
    }
    static void output(const char *bytes, size_t length, void *user)
    {
        self(user)->m_pendingInput.append(bytes, qsizetype(length));
    }
};

namespace {

const VTermScreenCallbacks screenCallbacks = {
    TerminalScreenCallbacks::damage,
    nullptr,
    TerminalScreenCallbacks::moveCursor,
    TerminalScreenCallbacks::setProperty,
    TerminalScreenCallbacks::ring,
    nullptr, // resize: the size is ours
    TerminalScreenCallbacks::pushLine,
    TerminalScreenCallbacks::popLine,
};

} // namespace

TerminalScreen::TerminalScreen(int rows, int cols, QObject *parent)
    : QObject(parent), m_rows(std::max(rows, 1)), m_cols(std::max(cols, 1))
{
    m_vterm = vterm_new(m_rows, m_cols);
    vterm_set_utf8(m_vterm, 1);
    vterm_output_set_callback(m_vterm, TerminalScreenCallbacks::output, this);
    m_screen = vterm_obtain_screen(m_vterm);
    vterm_screen_set_callbacks(m_screen, &screenCallbacks, this);
    vterm_screen_set_damage_merge(m_screen, VTERM_DAMAGE_ROW);
    vterm_screen_enable_altscreen(m_screen, 1);
    vterm_screen_reset(m_screen, 1);
}

TerminalScreen::~TerminalScreen()
{
    vterm_free(m_vterm);
}

void TerminalScreen::feed(const QByteArray &bytes)
{
    // libvterm turns a character cut between two writes into U+FFFD, and output comes in chunks as it
    // comes: an incomplete sequence at the end waits for the rest.
    QByteArray whole = std::exchange(m_partialUtf8, {}) + bytes;
    for (qsizetype back = 1; back <= 3 && back <= whole.size(); ++back) {
        const auto byte = static_cast<unsigned char>(whole.at(whole.size() - back));
        if ((byte & 0xC0) == 0x80)
            continue;
        const qsizetype needed = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1;
        if (needed > back) {
            m_partialUtf8 = whole.right(back);
            whole.chop(back);
        }
        break;
    }
    m_feeding = true;
    vterm_input_write(m_vterm, whole.constData(), size_t(whole.size()));
    vterm_screen_flush_damage(m_screen);
    m_feeding = false;
    const int first = m_damageFirst;
    const int last = m_damageLast;
    m_damageFirst = m_damageLast = -1;
    if (std::exchange(m_scrollbackMoved, false))
        Q_EMIT scrollbackChanged();
    if (first >= 0)
        Q_EMIT changed(first, last);
    if (std::exchange(m_cursorMoved, false))
        Q_EMIT cursorMoved();
    flushInput();
}

void TerminalScreen::resize(int rows, int cols)
{
    rows = std::clamp(rows, 1, 1000);
    cols = std::clamp(cols, 1, 1000);
    if (rows == m_rows && cols == m_cols)
        return;
    m_rows = rows;
    m_cols = cols;
    vterm_set_size(m_vterm, rows, cols);
    vterm_screen_flush_damage(m_screen);
    m_damageFirst = m_damageLast = -1;
    m_scrollbackMoved = false;
    m_cursorMoved = false;
    Q_EMIT scrollbackChanged();
    Q_EMIT changed(0, m_rows - 1);
    Q_EMIT cursorMoved();
}

void TerminalScreen::reset()
{
    vterm_screen_reset(m_screen, 1);
    m_scrollback.clear();
    m_partialUtf8.clear();
    m_alternate = false;
    m_damageFirst = m_damageLast = -1;
    Q_EMIT scrollbackChanged();
    Q_EMIT changed(0, m_rows - 1);
    Q_EMIT cursorMoved();
}

void TerminalScreen::setScrollbackLimit(int lines)
{
    m_scrollbackLimit = std::max(lines, 0);
    while (int(m_scrollback.size()) > m_scrollbackLimit)
        m_scrollback.pop_front();
}

void TerminalScreen::damage(int startRow, int endRow)
{
    m_damageFirst = m_damageFirst < 0 ? startRow : std::min(m_damageFirst, startRow);
    m_damageLast = std::max(m_damageLast, endRow);
    if (!m_feeding) {
        const int first = std::exchange(m_damageFirst, -1);
        const int last = std::exchange(m_damageLast, -1);
        Q_EMIT changed(first, last);
    }
}

void TerminalScreen::pushLine(TerminalLine line)
{
    // The alternate screen (a full-screen program) keeps no history, as in xterm; libvterm does not push
    // from it either.
    m_scrollback.push_back(std::move(line));
    while (int(m_scrollback.size()) > m_scrollbackLimit)
        m_scrollback.pop_front();
    m_scrollbackMoved = true;
}

TerminalLine TerminalScreen::convert(const void *cells, int count) const
{
    const auto *in = static_cast<const VTermScreenCell *>(cells);
    TerminalLine line;
    line.reserve(count);
    for (int col = 0; col < count; ++col) {
        const VTermScreenCell &source = in[col];
        TerminalCell cell;
        int length = 0;
        while (length < VTERM_MAX_CHARS_PER_CELL && source.chars[length] != 0 &&
               source.chars[length] != uint32_t(-1))
            ++length;
        if (length > 0)
            cell.text = QString::fromUcs4(reinterpret_cast<const char32_t *>(source.chars), length);
        cell.width = quint8(std::max<int>(source.width, 1));
        cell.bold = source.attrs.bold;
        cell.italic = source.attrs.italic;
        cell.reverse = source.attrs.reverse;
        cell.strike = source.attrs.strike;
        cell.underline = quint8(source.attrs.underline);
        cell.foreground = colorOf(m_screen, source.fg, true);
        cell.background = colorOf(m_screen, source.bg, false);
        line.append(cell);
        if (cell.width == 2 && col + 1 < count) {
            TerminalCell second = cell;
            second.text.clear();
            second.width = 0;
            line.append(second);
            ++col;
        }
    }
    return line;
}

TerminalCell TerminalScreen::cell(int row, int col) const
{
    VTermScreenCell source{};
    if (!vterm_screen_get_cell(m_screen, VTermPos{row, col}, &source))
        return {};
    TerminalLine converted = convert(&source, 1);
    // The right half of a wide character: libvterm marks it with a character of -1.
    if (source.chars[0] == uint32_t(-1))
        converted.first().width = 0;
    return converted.first();
}

TerminalLine TerminalScreen::line(int row) const
{
    std::vector<VTermScreenCell> cells(static_cast<size_t>(m_cols));
    for (int col = 0; col < m_cols; ++col)
        vterm_screen_get_cell(m_screen, VTermPos{row, col}, &cells[size_t(col)]);
    return convert(cells.data(), m_cols);
}

QString TerminalScreen::lineText(int index) const
{
    const TerminalLine cells =
        index < scrollbackSize() ? scrollbackLine(index) : line(index - scrollbackSize());
    QString text;
    for (const TerminalCell &cell : cells) {
        if (cell.width == 0)
            continue;
        text += cell.text.isEmpty() ? QStringLiteral(" ") : cell.text;
    }
    while (text.endsWith(u' '))
        text.chop(1);
    return text;
}

QString TerminalScreen::screenText() const
{
    QStringList lines;
    for (int row = 0; row < m_rows; ++row)
        lines.append(lineText(scrollbackSize() + row));
    return lines.join(u'\n');
}

bool TerminalScreen::sendKey(int key, Qt::KeyboardModifiers modifiers, const QString &text)
{
    const VTermModifier mod = modifierOf(modifiers);
    if (const VTermKey vtermKey = keyOf(key); vtermKey != VTERM_KEY_NONE) {
        vterm_keyboard_key(m_vterm, vtermKey, mod);
    } else if ((modifiers & Qt::ControlModifier) && key >= Qt::Key_A && key <= Qt::Key_Z) {
        vterm_keyboard_unichar(m_vterm, uint32_t('a' + (key - Qt::Key_A)), mod);
    } else if ((modifiers & Qt::ControlModifier) && key >= Qt::Key_At && key <= Qt::Key_Underscore) {
        vterm_keyboard_unichar(m_vterm, uint32_t(key), mod);
    } else if (!text.isEmpty()) {
        for (const uint c : text.toUcs4()) {
            if (c >= 0x20 && c != 0x7f)
                vterm_keyboard_unichar(m_vterm, c, VTermModifier(mod & ~VTERM_MOD_CTRL));
        }
    } else {
        return false;
    }
    flushInput();
    return true;
}

void TerminalScreen::paste(const QString &text)
{
    vterm_keyboard_start_paste(m_vterm);
    m_pendingInput.append(
        QString(text).replace(QStringLiteral("\r\n"), QStringLiteral("\r")).replace(u'\n', u'\r').toUtf8());
    vterm_keyboard_end_paste(m_vterm);
    flushInput();
}

void TerminalScreen::flushInput()
{
    if (!m_pendingInput.isEmpty())
        Q_EMIT input(std::exchange(m_pendingInput, {}));
}
