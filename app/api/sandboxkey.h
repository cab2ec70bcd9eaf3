#pragma once

#include <QHashFunctions>
#include <QString>

// The identity of a sandbox row: its server and id. Server names drift in case ("Cal.com", "cal.com"), so
// they compare case-insensitively; the hash folds ASCII case on the fly instead of allocating a
// lower-cased copy for each of 100,000 rows on every refresh.
struct SandboxKey
{
    QString serverName;
    QString sandboxId;

    // How a person names the sandbox in a question or message: "github/abc123".
    QString label() const { return serverName + u'/' + sandboxId; }

    friend bool operator==(const SandboxKey &a, const SandboxKey &b) noexcept
    {
        return a.sandboxId == b.sandboxId && a.serverName.compare(b.serverName, Qt::CaseInsensitive) == 0;
    }

    friend size_t qHash(const SandboxKey &key, size_t seed = 0) noexcept
    {
        // Folds whole code points, as the case-insensitive compare does: a letter outside the BMP and its
        // other case must hash alike.
        const QString &name = key.serverName;
        size_t folded = 0;
        for (qsizetype i = 0; i < name.size(); ++i) {
            char32_t unit = name[i].unicode();
            if (QChar::isHighSurrogate(unit) && i + 1 < name.size() && name[i + 1].isLowSurrogate())
                unit = QChar::surrogateToUcs4(char16_t(unit), name[++i].unicode());
            const char32_t lower = unit >= u'A' && unit <= u'Z' ? unit + 32
                                   : unit < 0x80                ? unit
                                                                : QChar::toCaseFolded(unit);
            folded = folded * 31 + lower;
        }
        return qHashMulti(seed, key.sandboxId, folded);
    }
};
