#pragma once

#include <QtGlobal>

#include <clocale>

// libarchive converts entry names through the current locale's charset: in the "C" locale Qt 6.4 leaves
// alone it cannot convert non-ASCII names (its pax writer even crashes, 3.6.2, strlen of NULL). Our names
// are UTF-8, so for this object's lifetime the calling thread, and only it, uses a UTF-8 locale; the
// process-wide locale is never touched. Nothing happens when the thread's charset is UTF-8 already.
class Utf8ThreadLocale
{
public:
    Utf8ThreadLocale();
    ~Utf8ThreadLocale();
    Q_DISABLE_COPY_MOVE(Utf8ThreadLocale)

private:
    locale_t m_utf8 = nullptr;
    locale_t m_previous = nullptr;
};
