#pragma once

#include "workspace/extractionlimits.h"

#include <QByteArray>
#include <QString>

// One entry name from a tar header, checked and normalised before anything is written for it. The raw
// bytes are kept because the file system takes bytes; the checks make sure they are also valid UTF-8.
class ExtractEntryPath
{
public:
    enum class Problem
    {
        None,
        Empty,
        NotUtf8,
        Backslash,
        Absolute,
        DotDot,
        NameTooLong,
        PathTooLong,
        TooDeep
    };

    static ExtractEntryPath parse(const QByteArray &raw, const ExtractionLimits &limits);

    bool isValid() const { return m_problem == Problem::None; }
    // "." and "./" name the folder being extracted into.
    bool isRoot() const { return isValid() && m_relative.isEmpty(); }
    Problem problem() const { return m_problem; }
    // "a/b/c": no "./", no empty or "." components, no trailing slash.
    const QByteArray &relative() const { return m_relative; }
    QByteArray parent() const;
    QString display() const { return displayName(m_relative.isEmpty() ? m_raw : m_relative); }
    QString errorMessage() const;

    // Decodes leniently and shortens, so that a hostile name cannot flood a dialog.
    static QString displayName(const QByteArray &bytes);
    static bool isUtf8(const QByteArray &bytes);

private:
    QByteArray m_raw;
    QByteArray m_relative;
    Problem m_problem = Problem::None;
    int m_limit = 0;
};
