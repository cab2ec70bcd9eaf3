#include "cli/remotebyteswriter.h"

#include "cli/terminaltext.h"

#include <unistd.h>

RemoteBytesWriter::RemoteBytesWriter(FILE *stream) : RemoteBytesWriter(stream, isatty(fileno(stream)) != 0) {}

RemoteBytesWriter::RemoteBytesWriter(FILE *stream, bool terminal) : m_terminal(terminal)
{
    // What went through stdio before must come out first.
    std::fflush(stream);
    m_file.open(stream, QIODevice::WriteOnly | QIODevice::Unbuffered, QFileDevice::DontCloseHandle);
}

QString RemoteBytesWriter::escaped(const QString &text)
{
    QStringList parts = text.split(u'\t');
    for (QString &part : parts)
        part = TerminalText::escapeKeepingLines(part);
    return parts.join(u'\t');
}

bool RemoteBytesWriter::write(const QByteArray &bytes)
{
    if (bytes.isEmpty())
        return true;
    if (!m_terminal)
        return m_file.write(bytes) == bytes.size();
    const QString text = m_decoder.decode(bytes);
    if (!text.isEmpty())
        m_endsWithNewline = text.endsWith(u'\n');
    const QByteArray out = escaped(text).toUtf8();
    return m_file.write(out) == out.size();
}

bool RemoteBytesWriter::finish()
{
    if (!m_terminal)
        return m_file.flush();
    QByteArray out;
    if (!m_endsWithNewline)
        out += '\n';
    return m_file.write(out) == out.size() && m_file.flush();
}
