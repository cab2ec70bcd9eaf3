#include "workspace/extractentrypath.h"

#include <QByteArrayList>
#include <QCoreApplication>
#include <QStringDecoder>

using namespace Qt::StringLiterals;

namespace {
constexpr qsizetype kDisplayChars = 120;
}

ExtractEntryPath ExtractEntryPath::parse(const QByteArray &raw, const ExtractionLimits &limits)
{
    ExtractEntryPath path;
    path.m_raw = raw;
    const auto fail = [&path](Problem problem, int limit = 0) {
        path.m_problem = problem;
        path.m_limit = limit;
        path.m_relative.clear();
        return path;
    };
    if (raw.isEmpty())
        return fail(Problem::Empty);
    if (!isUtf8(raw))
        return fail(Problem::NotUtf8);
    // A backslash is a separator on Windows and in some tar writers; refusing it keeps one meaning for
    // every name on every platform.
    if (raw.contains('\\'))
        return fail(Problem::Backslash);
    if (raw.startsWith('/'))
        return fail(Problem::Absolute);

    QByteArray relative;
    relative.reserve(raw.size());
    int depth = 0;
    for (const QByteArray &component : raw.split('/')) {
        // Empty and "." components come from "./a", "a//b" and "a/": they name nothing.
        if (component.isEmpty() || component == ".")
            continue;
        // Any "..", even one that would stay inside ("a/../b"), fails the whole archive: no real dump
        // contains one, and refusing them all leaves no lexical trick to get wrong.
        if (component == "..")
            return fail(Problem::DotDot);
        if (component.size() > limits.maxNameBytes)
            return fail(Problem::NameTooLong, limits.maxNameBytes);
        if (++depth > limits.maxDepth)
            return fail(Problem::TooDeep, limits.maxDepth);
        if (!relative.isEmpty())
            relative += '/';
        relative += component;
        if (relative.size() > limits.maxPathBytes)
            return fail(Problem::PathTooLong, limits.maxPathBytes);
    }
    path.m_relative = relative;
    return path;
}

QByteArray ExtractEntryPath::parent() const
{
    const qsizetype slash = m_relative.lastIndexOf('/');
    return slash < 0 ? QByteArray() : m_relative.left(slash);
}

QString ExtractEntryPath::errorMessage() const
{
    const QString name = displayName(m_raw);
    switch (m_problem) {
    case Problem::None:
        return {};
    case Problem::Empty:
        return QCoreApplication::translate(
            "ExtractEntryPath", "The archive contains an entry with an empty name; nothing was extracted.");
    case Problem::NotUtf8:
        return QCoreApplication::translate(
                   "ExtractEntryPath",
                   "The archive contains a name that is not valid UTF-8 (%1); nothing was extracted.")
            .arg(name);
    case Problem::Backslash:
        return QCoreApplication::translate(
                   "ExtractEntryPath",
                   "The archive contains a path with a backslash (%1); nothing was extracted.")
            .arg(name);
    case Problem::Absolute:
        return QCoreApplication::translate(
                   "ExtractEntryPath", "The archive contains an absolute path (%1); nothing was extracted.")
            .arg(name);
    case Problem::DotDot:
        return QCoreApplication::translate("ExtractEntryPath",
                                           "The archive contains a path with \"..\" that could point outside "
                                           "the target folder (%1); nothing was extracted.")
            .arg(name);
    case Problem::NameTooLong:
        return QCoreApplication::translate(
                   "ExtractEntryPath",
                   "The archive contains a name longer than %1 bytes (%2); nothing was extracted.")
            .arg(m_limit)
            .arg(name);
    case Problem::PathTooLong:
        return QCoreApplication::translate(
                   "ExtractEntryPath",
                   "The archive contains a path longer than %1 bytes (%2); nothing was extracted.")
            .arg(m_limit)
            .arg(name);
    case Problem::TooDeep:
        return QCoreApplication::translate(
                   "ExtractEntryPath",
                   "The archive nests folders more than %1 levels deep (%2); nothing was extracted.")
            .arg(m_limit)
            .arg(name);
    }
    return {};
}

QString ExtractEntryPath::displayName(const QByteArray &bytes)
{
    QString name = QString::fromUtf8(bytes);
    if (name.size() > kDisplayChars)
        name = name.left(kDisplayChars / 2) + u'…' + name.right(kDisplayChars / 2);
    return name;
}

bool ExtractEntryPath::isUtf8(const QByteArray &bytes)
{
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString decoded = decoder.decode(bytes);
    Q_UNUSED(decoded);
    return !decoder.hasError();
}
