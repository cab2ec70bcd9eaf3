#include "workspace/utf8threadlocale.h"

#include <cstring>

#include <langinfo.h>

Utf8ThreadLocale::Utf8ThreadLocale()
{
    if (std::strcmp(nl_langinfo(CODESET), "UTF-8") == 0)
        return;
    m_utf8 = ::newlocale(LC_CTYPE_MASK, "C.UTF-8", nullptr);
    if (m_utf8)
        m_previous = ::uselocale(m_utf8);
}

Utf8ThreadLocale::~Utf8ThreadLocale()
{
    if (!m_utf8)
        return;
    ::uselocale(m_previous);
    ::freelocale(m_utf8);
}
