#include "executions/consolecolours.h"

#include <QPalette>

#include <array>

using namespace Qt::StringLiterals;

namespace {

// Black, red, green, yellow, blue, magenta, cyan, white, then their bright forms: for a light page the
// yellows, cyans and whites go darker, for a dark one the blues and blacks go lighter.
constexpr std::array<QRgb, 16> onLight = {0x000000, 0xb91c1c, 0x15803d, 0x8a6100, 0x1d4ed8, 0x9d174d,
                                          0x0e7490, 0x6b7280, 0x4b5563, 0xdc2626, 0x16a34a, 0xa16207,
                                          0x2563eb, 0xc026d3, 0x0891b2, 0x374151};
constexpr std::array<QRgb, 16> onDark = {0x9ca3af, 0xf87171, 0x4ade80, 0xfacc15, 0x60a5fa, 0xe879f9,
                                         0x22d3ee, 0xe5e7eb, 0x6b7280, 0xfca5a5, 0x86efac, 0xfde047,
                                         0x93c5fd, 0xf0abfc, 0x67e8f9, 0xffffff};
// Distinct hues at a lightness that reads on both: orange, teal, violet, green, pink, blue, olive, red.
constexpr std::array<QRgb, ConsoleColours::sourceColourCount> sourcesOnLight = {
    0xc2410c, 0x0f766e, 0x6d28d9, 0x15803d, 0xbe185d, 0x1d4ed8, 0x854d0e, 0xb91c1c};
constexpr std::array<QRgb, ConsoleColours::sourceColourCount> sourcesOnDark = {
    0xfb923c, 0x2dd4bf, 0xa78bfa, 0x4ade80, 0xf472b6, 0x60a5fa, 0xfacc15, 0xf87171};

QColor cubeColour(int index)
{
    if (index >= 232) {
        const int grey = 8 + (index - 232) * 10;
        return {grey, grey, grey};
    }
    const int cube = index - 16;
    const auto level = [](int step) { return step == 0 ? 0 : 55 + step * 40; };
    return {level(cube / 36), level((cube / 6) % 6), level(cube % 6)};
}

} // namespace

bool ConsoleColours::isDark(const QPalette &palette)
{
    return palette.color(QPalette::Base).lightness() < 128;
}

QColor ConsoleColours::of(const AnsiStyle &style, bool darkBackground)
{
    switch (style.colour) {
    case AnsiStyle::Colour::Default:
        return {};
    case AnsiStyle::Colour::Indexed:
        if (style.index < 16)
            return QColor::fromRgb(darkBackground ? onDark.at(size_t(style.index))
                                                  : onLight.at(size_t(style.index)));
        return cubeColour(style.index);
    case AnsiStyle::Colour::Rgb:
        return QColor::fromRgb(QRgb(style.rgb));
    }
    return {};
}

QColor ConsoleColours::source(int n, bool darkBackground)
{
    const auto at = size_t(n % sourceColourCount);
    return QColor::fromRgb(darkBackground ? sourcesOnDark.at(at) : sourcesOnLight.at(at));
}

QColor ConsoleColours::status(const QString &word)
{
    // The hues of StatusIcons: green for done well, blue for in use, red for failure, grey for waiting.
    if (word == u"completed"_s)
        return {0x2f, 0xa8, 0x4f};
    if (word == u"running"_s)
        return {0x3b, 0x82, 0xf6};
    if (word == u"failed"_s || word == u"error"_s)
        return {0xe5, 0x48, 0x4d};
    return {0x8b, 0x90, 0x98};
}
