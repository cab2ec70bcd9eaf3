#pragma once

#include "models/ansitextparser.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QHash>
#include <QList>
#include <QString>

#include <vector>

// The logs of several sources merged line by line and kept once, compactly: every line's bytes as its
// source wrote them (ANSI sequences and all) in one byte array, and per line only where its bytes start,
// whose they are and the style they start in (16 bytes). A line's text and spans are parsed again when
// they are needed (a filter, a re-show), so the merged log costs about its own size in memory.
//
// A line is complete when the source's parser emits its line feed (a line feed inside an OSC string is not
// one), or when the source finishes. Lines keep the order in which they completed; per source that is the
// order the source wrote them.
class MergedLog
{
public:
    static constexpr int noteSource = -1;
    // What a follow console keeps at most: past it lines are counted, not kept (notes still are).
    static constexpr qint64 defaultCapBytes = qint64{256} * 1024 * 1024;
    // A line never ended (a progress bar redrawn with CR, a script writing no newline) is cut into lines of
    // this size, so that one source cannot hold an unbounded line back.
    static constexpr qsizetype maxLineBytes = qsizetype{1024} * 1024;

    explicit MergedLog(qint64 capBytes = defaultCapBytes) : m_capBytes(capBytes) {}

    // Sources are 0 .. count - 1.
    void setSourceCount(int count);
    int sourceCount() const { return int(m_sources.size()); }

    // Takes the next bytes of `source`'s log (cut anywhere); returns how many lines they completed.
    int feed(int source, QByteArrayView bytes);
    // The source ended: its incomplete last line, if any, becomes a line. Returns whether there was one.
    bool finish(int source);
    // A line of the app's own (an error), merged in order, with noteSource as its source.
    void appendNote(const QString &note);

    // The kept lines; linesOf() counts those not kept too.
    qint64 lineCount() const { return qint64(m_lines.size()); }
    bool wasCut() const { return m_cut; }
    qint64 capBytes() const { return m_capBytes; }
    qint64 linesOf(int source) const { return m_sources.at(size_t(source)).lines; }
    int sourceOf(qint64 line) const { return m_lines.at(size_t(line)).source; }
    // The line's bytes as written, its line feed included when it had one (a note: its UTF-8 text).
    QByteArrayView bytesOf(qint64 line) const;
    // The line parsed again in the style it started in, without its line feed.
    QList<AnsiSpan> spansOf(qint64 line);
    // What the kept log takes: its bytes and its index.
    qint64 memoryBytes() const;

private:
    struct Line
    {
        qint64 start = 0;
        quint32 style = 0; // into m_styles
        qint32 source = 0;
    };
    struct Source
    {
        AnsiTextParser parser; // tells where lines end as a terminal would show them
        QByteArray partial;    // the line not complete yet
        AnsiStyle partialStyle;
        qint64 lines = 0;
    };

    void completeLine(int source, const QByteArray &bytes, const AnsiStyle &style);
    quint32 styleIndex(const AnsiStyle &style);

    qint64 m_capBytes;
    bool m_cut = false;
    std::vector<Source> m_sources;
    QByteArray m_bytes;
    std::vector<Line> m_lines;
    // The distinct styles lines start in (most start in the default one).
    QList<AnsiStyle> m_styles;
    QHash<QByteArray, quint32> m_styleIndexes;
    AnsiTextParser m_reader;
};
