#pragma once

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QStringDecoder>

#include <cstdio>

// Bytes a server sent (a file of a sandbox, a process's output) on their way to one of our streams: as
// they are into a pipe or a file, so `cat > x` copies byte for byte; on a terminal as UTF-8 text with
// every control character but the line break and the tab, and the invisible bidi characters, escaped
// (TerminalText), so the text can neither drive the terminal nor hide what follows. A UTF-8 sequence cut
// between two writes is decoded whole; invalid UTF-8 shows as U+FFFD.
class RemoteBytesWriter
{
public:
    explicit RemoteBytesWriter(FILE *stream);
    // Whether to escape is decided once, from the stream.
    explicit RemoteBytesWriter(FILE *stream, bool terminal);

    bool isTerminal() const { return m_terminal; }
    // False when the stream refused the bytes (a closed pipe, a full disk).
    bool write(const QByteArray &bytes);
    // Out of stdio's buffer now, for output that comes in parts over time (a followed log into a pipe).
    bool flush() { return m_file.flush(); }
    // On a terminal, a line break when the text did not end with one, so the prompt starts on a line of its
    // own.
    bool finish();

    // What write() puts on a terminal for `text`.
    static QString escaped(const QString &text);

private:
    QFile m_file;
    bool m_terminal;
    QStringDecoder m_decoder{QStringDecoder::Utf8};
    bool m_endsWithNewline = true;
};
