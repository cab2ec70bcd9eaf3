#pragma once

#include <QtGlobal>

#include <clocale>

// libarchive converts header names to the charset of the current locale. A thread-local UTF-8 locale
// makes it hand over UTF-8 whatever the process locale is, without touching the process-wide one.
class ExtractThreadLocale
{
public:
    ExtractThreadLocale() : m_locale(::newlocale(LC_CTYPE_MASK, "C.UTF-8", nullptr))
    {
        if (m_locale)
            m_previous = ::uselocale(m_locale);
    }
    ~ExtractThreadLocale()
    {
        if (m_locale) {
            ::uselocale(m_previous);
            ::freelocale(m_locale);
        }
    }
    Q_DISABLE_COPY_MOVE(ExtractThreadLocale)

private:
    locale_t m_locale = nullptr;
    locale_t m_previous = nullptr;
};
