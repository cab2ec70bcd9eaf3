#include "models/mergedlog.h"

void MergedLog::setSourceCount(int count)
{
    m_sources.resize(size_t(std::max(0, count)));
}

int MergedLog::feed(int source, QByteArrayView bytes)
{
    Source &from = m_sources.at(size_t(source));
    int completed = 0;
    qsizetype at = 0;
    while (at < bytes.size()) {
        // One line feed at most per piece: the parser says whether it ended a line or sat in a sequence.
        const qsizetype newline = bytes.indexOf('\n', at);
        const qsizetype end = newline < 0 ? bytes.size() : newline + 1;
        const QByteArray piece = QByteArray::fromRawData(bytes.data() + at, end - at);
        if (from.partial.isEmpty())
            from.partialStyle = from.parser.style();
        from.partial.append(piece.data(), piece.size());
        const QList<AnsiSpan> spans = from.parser.feed(piece);
        if ((newline >= 0 && !spans.isEmpty() && spans.constLast().text.endsWith(u'\n')) ||
            from.partial.size() >= maxLineBytes) {
            completeLine(source, std::exchange(from.partial, {}), from.partialStyle);
            ++completed;
        }
        at = end;
    }
    return completed;
}

bool MergedLog::finish(int source)
{
    Source &from = m_sources.at(size_t(source));
    if (from.partial.isEmpty())
        return false;
    completeLine(source, std::exchange(from.partial, {}), from.partialStyle);
    return true;
}

void MergedLog::appendNote(const QString &note)
{
    completeLine(noteSource, note.toUtf8(), {});
}

void MergedLog::completeLine(int source, const QByteArray &bytes, const AnsiStyle &style)
{
    if (source != noteSource) {
        ++m_sources[size_t(source)].lines;
        // Once one line did not fit, none after it is kept either: the kept log has no holes.
        if (m_cut || m_bytes.size() + bytes.size() > m_capBytes) {
            m_cut = true;
            return;
        }
    }
    m_lines.push_back(Line{m_bytes.size(), styleIndex(style), source});
    m_bytes += bytes;
}

quint32 MergedLog::styleIndex(const AnsiStyle &style)
{
    if (!m_styles.isEmpty() && m_styles.constLast() == style)
        return quint32(m_styles.size() - 1);
    QByteArray key(reinterpret_cast<const char *>(&style.rgb), sizeof style.rgb);
    key += char(style.colour);
    key += char(style.bold);
    key += QByteArray::number(style.index);
    const auto found = m_styleIndexes.constFind(key);
    if (found != m_styleIndexes.cend())
        return *found;
    const auto index = quint32(m_styles.size());
    m_styles.append(style);
    m_styleIndexes.insert(key, index);
    return index;
}

QByteArrayView MergedLog::bytesOf(qint64 line) const
{
    const qint64 start = m_lines.at(size_t(line)).start;
    const qint64 end = line + 1 < lineCount() ? m_lines.at(size_t(line + 1)).start : m_bytes.size();
    return QByteArrayView(m_bytes).sliced(start, end - start);
}

QList<AnsiSpan> MergedLog::spansOf(qint64 line)
{
    const QByteArrayView bytes = bytesOf(line);
    if (sourceOf(line) == noteSource)
        return {AnsiSpan{QString::fromUtf8(bytes), {}}};
    m_reader.reset();
    m_reader.setStyle(m_styles.at(m_lines.at(size_t(line)).style));
    QList<AnsiSpan> spans = m_reader.feed(QByteArray::fromRawData(bytes.data(), bytes.size()));
    if (!spans.isEmpty() && spans.constLast().text.endsWith(u'\n')) {
        spans.last().text.chop(1);
        if (spans.constLast().text.isEmpty())
            spans.removeLast();
    }
    return spans;
}

qint64 MergedLog::memoryBytes() const
{
    return m_bytes.capacity() + qint64(m_lines.capacity() * sizeof(Line));
}
