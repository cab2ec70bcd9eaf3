#include "emulator/mcp/mcptoolsfilesystemread.h"

#include "emulator/mcp/mcpfileedits.h"
#include "emulator/mcp/mcptoolsfilesystem.h"

#include <QHash>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

using Fs = McpToolsFilesystem;

QString tooLarge(const QString &path, qsizetype size)
{
    return u"File too large to return whole: %1 is %2 bytes, over the %3 one reply may hold; read part of it "
           "with head or tail"_s.arg(path, QString::number(size), QString::number(Fs::maxReadBytes));
}

// JavaScript's lines.slice(-count): the last `count` items, and for a negative count all but the first.
QStringList lastLines(const QStringList &lines, qsizetype count)
{
    qsizetype start = -count;
    start = start < 0 ? std::max<qsizetype>(lines.size() + start, 0) : std::min(start, lines.size());
    return lines.mid(start);
}

// headFile: the first complete lines, and the unterminated last one when more are wanted.
QString head(const QString &text, qsizetype count)
{
    QStringList lines = text.split(u'\n');
    if (lines.last().isEmpty())
        lines.removeLast();
    return lines.mid(0, std::max<qsizetype>(count, 0)).join(u'\n');
}

McpToolOutcome readText(McpToolContext &context, const QJsonObject &arguments)
{
    const McpFilesystemPaths::Resolved file =
        McpFilesystemPaths::validate(*context.workspace, arguments.value(u"path"_s).toString());
    if (!file.error.isEmpty())
        return McpToolOutcome::error(file.error);
    // As in the reference, 0 counts as not given.
    const auto headCount = qsizetype(arguments.value(u"head"_s).toDouble());
    const auto tailCount = qsizetype(arguments.value(u"tail"_s).toDouble());
    if (headCount != 0 && tailCount != 0)
        return McpToolOutcome::error(u"Cannot specify both head and tail parameters simultaneously"_s);
    if (file.kind == McpFilesystemPaths::Kind::File && (headCount != 0 || tailCount != 0)) {
        // Part of a file: the whole may be larger than a reply, only the part must fit.
        const QString all = QString::fromUtf8(file.entry->data);
        const QString part =
            tailCount != 0
                ? lastLines(McpFileEdits::normalizeLineEndings(all).split(u'\n'), tailCount).join(u'\n')
                : head(all, headCount);
        if (part.toUtf8().size() > Fs::maxReadBytes)
            return McpToolOutcome::error(tooLarge(file.absolute(), part.toUtf8().size()));
        return Fs::text(part);
    }
    QString error;
    const QByteArray *data = McpToolsFilesystemRead::contentOf(file, &error);
    return data ? Fs::text(QString::fromUtf8(*data)) : McpToolOutcome::error(error);
}

McpToolSpec textTool(const QString &name, const QString &title, const QString &description)
{
    McpToolSpec tool = Fs::spec(
        name, title, description,
        QJsonObject{{u"path"_s, Fs::plain(u"string"_s)},
                    {u"tail"_s, QJsonObject{{u"type"_s, u"number"_s},
                                            {u"description"_s,
                                             u"If provided, returns only the last N lines of the file"_s}}},
                    {u"head"_s, QJsonObject{{u"type"_s, u"number"_s},
                                            {u"description"_s,
                                             u"If provided, returns only the first N lines of the file"_s}}}},
        {u"path"_s}, true, false);
    tool.run = readText;
    return tool;
}

} // namespace

const QByteArray *McpToolsFilesystemRead::contentOf(const McpFilesystemPaths::Resolved &file, QString *error)
{
    if (file.kind == McpFilesystemPaths::Kind::Missing) {
        *error = McpFilesystemPaths::nodeError(u"ENOENT"_s, u"open"_s, file.absolute());
        return nullptr;
    }
    if (file.kind == McpFilesystemPaths::Kind::Directory) {
        *error = McpFilesystemPaths::nodeError(u"EISDIR"_s, u"read"_s);
        return nullptr;
    }
    if (file.entry->data.size() > Fs::maxReadBytes) {
        *error = tooLarge(file.absolute(), file.entry->data.size());
        return nullptr;
    }
    return &file.entry->data;
}

McpToolSpec McpToolsFilesystemRead::readFile()
{
    return textTool(
        u"filesystem_read_file"_s, u"Read File (Deprecated)"_s,
        u"Read the complete contents of a file as text. DEPRECATED: Use filesystem_read_text_file "
        "instead."_s);
}

McpToolSpec McpToolsFilesystemRead::readTextFile()
{
    return textTool(
        u"filesystem_read_text_file"_s, u"Read Text File"_s,
        u"Read the complete contents of a file from the file system as text. Use the 'head' "
        "parameter to read only the first N lines of a file, or the 'tail' parameter to read only "
        "the last N lines of a file. Only works within allowed directories."_s);
}

McpToolSpec McpToolsFilesystemRead::readMediaFile()
{
    McpToolSpec tool =
        Fs::spec(u"filesystem_read_media_file"_s, u"Read Media File"_s,
                 u"Read an image or audio file. Returns the base64 encoded data and MIME type. "
                 "Only works within allowed directories."_s,
                 QJsonObject{{u"path"_s, Fs::plain(u"string"_s)}}, {u"path"_s}, true, false);
    const QJsonObject item{
        {u"type"_s, u"object"_s},
        {u"properties"_s,
         QJsonObject{{u"type"_s, QJsonObject{{u"type"_s, u"string"_s},
                                             {u"enum"_s, QJsonArray{u"image"_s, u"audio"_s, u"blob"_s}}}},
                     {u"data"_s, Fs::plain(u"string"_s)},
                     {u"mimeType"_s, Fs::plain(u"string"_s)}}},
        {u"required"_s, QJsonArray{u"type"_s, u"data"_s, u"mimeType"_s}}};
    tool.outputSchema =
        QJsonObject{{u"type"_s, u"object"_s},
                    {u"properties"_s,
                     QJsonObject{{u"content"_s, QJsonObject{{u"type"_s, u"array"_s}, {u"items"_s, item}}}}},
                    {u"required"_s, QJsonArray{u"content"_s}}};
    tool.run = [](McpToolContext &context, const QJsonObject &arguments) {
        const McpFilesystemPaths::Resolved file =
            McpFilesystemPaths::validate(*context.workspace, arguments.value(u"path"_s).toString());
        if (!file.error.isEmpty())
            return McpToolOutcome::error(file.error);
        QString error;
        const QByteArray *data = contentOf(file, &error);
        if (!data)
            return McpToolOutcome::error(error);
        static const QHash<QString, QString> mimeTypes{
            {u"png"_s, u"image/png"_s},     {u"jpg"_s, u"image/jpeg"_s},  {u"jpeg"_s, u"image/jpeg"_s},
            {u"gif"_s, u"image/gif"_s},     {u"webp"_s, u"image/webp"_s}, {u"bmp"_s, u"image/bmp"_s},
            {u"svg"_s, u"image/svg+xml"_s}, {u"mp3"_s, u"audio/mpeg"_s},  {u"wav"_s, u"audio/wav"_s},
            {u"ogg"_s, u"audio/ogg"_s},     {u"flac"_s, u"audio/flac"_s}};
        const QString name = file.path.section(u'/', -1);
        const qsizetype dot = name.lastIndexOf(u'.'); // path.extname: a leading dot starts no extension
        const QString extension = dot > 0 ? name.mid(dot + 1).toLower() : QString();
        const QString mimeType = mimeTypes.value(extension, u"application/octet-stream"_s);
        const QString type = mimeType.startsWith(u"image/")   ? u"image"_s
                             : mimeType.startsWith(u"audio/") ? u"audio"_s
                                                              : u"blob"_s;
        const QJsonObject block{
            {u"type"_s, type}, {u"data"_s, QString::fromLatin1(data->toBase64())}, {u"mimeType"_s, mimeType}};
        McpToolOutcome outcome;
        outcome.content = QJsonArray{block};
        outcome.structured = QJsonObject{{u"content"_s, QJsonArray{block}}};
        return outcome;
    };
    return tool;
}

McpToolSpec McpToolsFilesystemRead::readMultipleFiles()
{
    QJsonObject paths =
        Fs::stringList(u"Array of file paths to read. Each path must be a string pointing to a "
                       "valid file within allowed directories."_s);
    paths.insert(u"minItems"_s, 1);
    McpToolSpec tool = Fs::spec(
        u"filesystem_read_multiple_files"_s, u"Read Multiple Files"_s,
        u"Read the contents of multiple files simultaneously. Each file's content is returned with its "
        "path as a reference. Failed reads for individual files won't stop the entire operation. Only "
        "works within allowed directories."_s,
        QJsonObject{{u"paths"_s, paths}}, {u"paths"_s}, true, false);
    tool.run = [](McpToolContext &context, const QJsonObject &arguments) {
        QStringList results;
        qsizetype total = 0;
        for (const auto &value : arguments.value(u"paths"_s).toArray()) {
            const QString requested = value.toString();
            const McpFilesystemPaths::Resolved file =
                McpFilesystemPaths::validate(*context.workspace, requested);
            QString error = file.error;
            const QByteArray *data = error.isEmpty() ? contentOf(file, &error) : nullptr;
            // The files together must fit one reply as well; those past the bound fail on their own.
            if (data && total + data->size() > Fs::maxReadBytes) {
                error = u"the files read before it already fill the %1 bytes one reply may hold"_s.arg(
                    Fs::maxReadBytes);
                data = nullptr;
            }
            if (!data) {
                results.append(u"%1: Error - %2"_s.arg(requested, error));
                continue;
            }
            total += data->size();
            results.append(u"%1:\n%2\n"_s.arg(requested, QString::fromUtf8(*data)));
        }
        return Fs::text(results.join(u"\n---\n"_s));
    };
    return tool;
}

} // namespace Emulator
