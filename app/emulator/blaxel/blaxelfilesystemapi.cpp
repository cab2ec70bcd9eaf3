#include "emulator/blaxel/blaxelfilesystemapi.h"

#include "emulator/blaxel/blaxelfilemode.h"
#include "emulator/blaxel/blaxelmultipartform.h"
#include "emulator/blaxel/blaxelreplies.h"
#include "emulator/blaxel/blaxelsandboxjson.h"
#include "emulator/blaxel/blaxelsandboxpaths.h"
#include "emulator/server/incomingrequest.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <algorithm>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

struct ByteRange
{
    qint64 first = 0;
    qint64 last = -1;
};

// One range of "bytes=a-b", "bytes=a-" or "bytes=-n"; nullopt when unsatisfiable or malformed (a client
// asking for several ranges gets the whole file, which HTTP allows).
std::optional<ByteRange> parseRange(const QByteArray &header, qint64 size, bool *wanted)
{
    *wanted = false;
    const QByteArray value = header.trimmed();
    if (!value.startsWith("bytes=") || value.contains(','))
        return std::nullopt;
    *wanted = true;
    const QByteArray spec = value.mid(6).trimmed();
    const qsizetype dash = spec.indexOf('-');
    if (dash < 0)
        return std::nullopt;
    bool okFirst = false;
    bool okLast = false;
    const qint64 first = spec.left(dash).toLongLong(&okFirst);
    const qint64 last = spec.mid(dash + 1).toLongLong(&okLast);
    ByteRange range;
    if (dash == 0) {
        if (!okLast || last <= 0 || size == 0)
            return std::nullopt;
        range.first = std::max<qint64>(0, size - last);
        range.last = size - 1;
    } else {
        if (!okFirst || first < 0 || first >= size || (dash + 1 < spec.size() && (!okLast || last < first)))
            return std::nullopt;
        range.first = first;
        range.last = dash + 1 < spec.size() ? std::min(last, size - 1) : size - 1;
    }
    return range;
}

QJsonObject fileEntry(const QFileInfo &info, const QString &sandboxPath)
{
    const QString path =
        sandboxPath == u"/" ? QString(u'/' + info.fileName()) : QString(sandboxPath + u'/' + info.fileName());
    // A link's own size is the length of its target, as lstat(2) has it.
    const qint64 size = info.isSymLink() ? info.symLinkTarget().toUtf8().size() : info.size();
    return QJsonObject{{u"name"_s, info.fileName()},
                       {u"path"_s, path},
                       {u"size"_s, double(size)},
                       {u"permissions"_s, BlaxelFilesystemApi::modeText(info.absoluteFilePath())},
                       {u"lastModified"_s, BlaxelSandboxJson::timestamp(info.lastModified())},
                       {u"owner"_s, u"root"_s},
                       {u"group"_s, u"root"_s}};
}

// A JSON string: quotes, backslashes and control characters escaped, the rest as UTF-8.
void appendJsonString(QByteArray &out, const QString &text)
{
    out += '"';
    for (const char c : text.toUtf8()) {
        const auto byte = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (byte < 0x20) {
            static const char hex[] = "0123456789abcdef";
            out += "\\u00";
            out += hex[byte >> 4];
            out += hex[byte & 0xF];
        } else {
            out += c;
        }
    }
    out += '"';
}

// The folder's listing written as JSON text with one lstat per entry, relative to the open folder: a folder
// of 100,000 entries took 2.3-3 s through QFileInfo (several stats and a full path walk each) and a
// QJsonObject per entry. The fields and their values are fileEntry()'s.
HttpReply listFolder(const QString &real, const QString &sandboxPath)
{
    const QStringList names = QDir(real).entryList(
        QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
    const int folder = ::open(QFile::encodeName(real).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (folder < 0)
        return BlaxelReplies::sandboxError(500, u"cannot read the folder"_s);
    const QString prefix = sandboxPath == u"/" ? sandboxPath : sandboxPath + u'/';
    QByteArray files = "[";
    QByteArray subdirectories = "[";
    for (qsizetype i = 0; i < names.size() && i < BlaxelFilesystemApi::maxListedEntries; ++i) {
        const QString &name = names.at(i);
        struct stat status = {};
        if (::fstatat(folder, QFile::encodeName(name).constData(), &status, AT_SYMLINK_NOFOLLOW) != 0)
            continue; // gone since it was listed
        if (S_ISDIR(status.st_mode)) {
            if (subdirectories.size() > 1)
                subdirectories += ',';
            subdirectories += "{\"name\":";
            appendJsonString(subdirectories, name);
            subdirectories += ",\"path\":";
            appendJsonString(subdirectories, prefix + name);
            subdirectories += '}';
            continue;
        }
        if (files.size() > 1)
            files += ',';
        const qint64 modified = qint64(status.st_mtim.tv_sec) * 1000 + status.st_mtim.tv_nsec / 1'000'000;
        files += "{\"group\":\"root\",\"lastModified\":";
        appendJsonString(files,
                         BlaxelSandboxJson::timestamp(QDateTime::fromMSecsSinceEpoch(modified, Qt::UTC)));
        files += ",\"name\":";
        appendJsonString(files, name);
        files += ",\"owner\":\"root\",\"path\":";
        appendJsonString(files, prefix + name);
        files += ",\"permissions\":";
        appendJsonString(files, BlaxelFilesystemApi::modeText(status.st_mode));
        files += ",\"size\":" + QByteArray::number(qint64(status.st_size)) + '}';
    }
    ::close(folder);
    files += ']';
    subdirectories += ']';
    HttpReply reply;
    reply.status = 200;
    reply.setHeader("Content-Type", "application/json");
    reply.body = "{\"files\":" + files + ",\"name\":";
    appendJsonString(reply.body, sandboxPath == u"/" ? u"/"_s : sandboxPath.section(u'/', -1));
    reply.body += ",\"path\":";
    appendJsonString(reply.body, sandboxPath);
    reply.body += ",\"subdirectories\":" + subdirectories + '}';
    return reply;
}

HttpReply sendFile(const IncomingRequest &request, const QString &real)
{
    QFile file(real);
    if (!file.open(QIODevice::ReadOnly))
        return BlaxelReplies::sandboxError(500, u"cannot read the file"_s);
    const qint64 size = file.size();
    bool rangeWanted = false;
    const std::optional<ByteRange> range = parseRange(request.header("Range"), size, &rangeWanted);
    HttpReply reply;
    reply.setHeader("Content-Type", "application/octet-stream");
    reply.setHeader("Accept-Ranges", "bytes");
    if (rangeWanted && !range) {
        reply.status = 416;
        reply.setHeader("Content-Range", "bytes */" + QByteArray::number(size));
        return reply;
    }
    if (range) {
        file.seek(range->first);
        reply.status = 206;
        reply.body = file.read(range->last - range->first + 1);
        reply.setHeader("Content-Range", "bytes " + QByteArray::number(range->first) + '-' +
                                             QByteArray::number(range->last) + '/' +
                                             QByteArray::number(size));
        return reply;
    }
    reply.status = 200;
    reply.body = file.readAll();
    return reply;
}

// As the sandbox's API decides (sandbox-api/src/handler/filesystem.go, handleReadFile): the bytes themselves
// for an Accept naming application/octet-stream, or naming neither JSON nor */*, or for ?download=true;
// otherwise the file as JSON text.
bool wantsBytes(const IncomingRequest &request)
{
    const QByteArray accept = request.header("Accept").toLower();
    if (accept.contains("application/octet-stream") || request.queryValue(u"download"_s) == u"true")
        return true;
    return !accept.isEmpty() && !accept.contains("application/json") && !accept.contains("*/*");
}

// @blaxel/core's FileWithContent: the listing entry of the file and its content as text.
HttpReply fileWithContent(const QFileInfo &info, const QString &sandboxPath)
{
    QFile file(info.absoluteFilePath());
    if (!file.open(QIODevice::ReadOnly))
        return BlaxelReplies::sandboxError(422, u"error reading file"_s);
    const QString folder = sandboxPath.section(u'/', 0, -2);
    QJsonObject object = fileEntry(info, folder.isEmpty() ? u"/"_s : folder);
    object.insert(u"content"_s, QString::fromUtf8(file.readAll()));
    return HttpReply::json(200, object);
}

struct ResolvedPath
{
    QString sandboxPath; // as the sandbox sees it: "/app/x"
    QString real;        // where it lies in the emulator's folder
};

// The path a URL names, or the reply refusing it: a malformed path (400) or one leading out of the sandbox
// (403).
std::optional<ResolvedPath> resolvedPath(const QString &root, const QStringList &segments, HttpReply *refusal)
{
    QString error;
    const std::optional<QString> sandboxPath = BlaxelSandboxPaths::fromUrlSegments(segments, &error);
    if (!sandboxPath) {
        *refusal = BlaxelReplies::sandboxError(400, error);
        return std::nullopt;
    }
    const std::optional<QString> real = BlaxelSandboxPaths::realPath(root, *sandboxPath, &error);
    if (!real) {
        *refusal = BlaxelReplies::sandboxError(403, error);
        return std::nullopt;
    }
    return ResolvedPath{*sandboxPath, *real};
}

} // namespace

QString BlaxelFilesystemApi::modeText(const QString &realPath)
{
    struct stat status = {};
    if (::lstat(QFile::encodeName(realPath).constData(), &status) != 0)
        return u"----------"_s;
    return modeText(status.st_mode);
}

QString BlaxelFilesystemApi::modeText(unsigned int mode)
{
    QString text;
    if (S_ISLNK(mode))
        text += u'L';
    else if (S_ISDIR(mode))
        text += u'd';
    else if (S_ISREG(mode))
        text += u'-';
    else
        text += u'?';
    static const char letters[] = "rwxrwxrwx";
    for (int bit = 0; bit < 9; ++bit)
        text += (mode & (0400u >> bit)) ? QChar::fromLatin1(letters[bit]) : u'-';
    return text;
}

HttpReply BlaxelFilesystemApi::get(const IncomingRequest &request, const QString &root,
                                   const QStringList &segments)
{
    HttpReply refusal;
    const std::optional<ResolvedPath> resolved = resolvedPath(root, segments, &refusal);
    if (!resolved)
        return refusal;
    const QFileInfo info(resolved->real);
    if (!info.exists())
        return BlaxelReplies::sandboxError(404,
                                           u"no such file or directory: %1"_s.arg(resolved->sandboxPath));
    if (info.isDir())
        return listFolder(resolved->real, resolved->sandboxPath);
    if (!info.isFile())
        return BlaxelReplies::sandboxError(422, u"%1 is not a regular file"_s.arg(resolved->sandboxPath));
    if (!wantsBytes(request))
        return fileWithContent(info, resolved->sandboxPath);
    return sendFile(request, resolved->real);
}

namespace {

// What a PUT asks for, read from its body.
struct WriteRequest
{
    QByteArrayView filePart; // into the request's body
    QByteArray text;         // a FileRequest's content
    bool fromPart = false;
    bool directory = false;
    int permissions = -1; // as the file system gives it
    QString message;
};

// The multipart form of the SDKs' writeBinary; nullopt with `refusal` set when it is not one.
std::optional<WriteRequest> multipartRequest(const IncomingRequest &request, qint64 maxFileBytes,
                                             HttpReply *refusal)
{
    BlaxelMultipartForm::Failure failure;
    const std::optional<QList<BlaxelMultipartForm::Part>> parts =
        BlaxelMultipartForm::parse(request.header("Content-Type"), request.body, maxFileBytes, &failure);
    if (!parts) {
        *refusal = BlaxelReplies::sandboxError(failure.status, failure.message);
        return std::nullopt;
    }
    const BlaxelMultipartForm::Part *file = BlaxelMultipartForm::find(*parts, "file", true);
    if (!file) {
        *refusal = BlaxelReplies::sandboxError(400, u"missing 'file' field in multipart form"_s);
        return std::nullopt;
    }
    WriteRequest write;
    write.filePart = QByteArrayView(request.body).sliced(file->offset, file->size);
    write.fromPart = true;
    write.message = u"Binary file uploaded successfully"_s;
    if (const BlaxelMultipartForm::Part *field = BlaxelMultipartForm::find(*parts, "permissions", false)) {
        const QByteArray text = request.body.sliced(field->offset, field->size);
        const std::optional<int> mode = BlaxelFileMode::fromOctal(text);
        if (!text.trimmed().isEmpty() && !mode) {
            *refusal = BlaxelReplies::sandboxError(400, u"invalid permissions format"_s);
            return std::nullopt;
        }
        write.permissions = mode.value_or(-1);
    }
    return write;
}

// @blaxel/core's FileRequest; nullopt with `refusal` set for a body that is no JSON object.
std::optional<WriteRequest> jsonRequest(const IncomingRequest &request, qint64 maxFileBytes,
                                        HttpReply *refusal)
{
    const QJsonDocument document = QJsonDocument::fromJson(request.body);
    if (!document.isObject()) {
        *refusal = BlaxelReplies::sandboxError(
            400, u"expected a JSON FileRequest {content, isDirectory, permissions} or multipart/form-data "
                 "with a 'file' part"_s);
        return std::nullopt;
    }
    const QJsonObject object = document.object();
    WriteRequest write;
    write.directory = object.value(u"isDirectory"_s).toBool();
    write.text = object.value(u"content"_s).toString().toUtf8();
    if (write.text.size() > maxFileBytes) {
        *refusal = BlaxelReplies::sandboxError(413, u"the file is larger than %1 bytes"_s.arg(maxFileBytes));
        return std::nullopt;
    }
    const QString permissions = object.value(u"permissions"_s).toString();
    if (!permissions.isEmpty()) {
        const std::optional<int> mode = BlaxelFileMode::fromOctal(permissions.toLatin1());
        if (!mode) {
            *refusal = BlaxelReplies::sandboxError(400, u"invalid permissions format"_s);
            return std::nullopt;
        }
        write.permissions = *mode;
    }
    write.message = u"File created successfully"_s;
    return write;
}

} // namespace

HttpReply BlaxelFilesystemApi::put(const IncomingRequest &request, const QString &root,
                                   const QStringList &segments, qint64 maxFileBytes)
{
    // A form carries a little more than its file: the file part's own bound is checked by the parser.
    const qint64 maxBody =
        maxFileBytes + BlaxelMultipartForm::maxParts *
                           (BlaxelMultipartForm::maxHeaderBytes + BlaxelMultipartForm::maxFieldBytes);
    if (request.body.size() > maxBody)
        return BlaxelReplies::sandboxError(413, u"the file is larger than %1 bytes"_s.arg(maxFileBytes));
    HttpReply refusal;
    const std::optional<ResolvedPath> resolved = resolvedPath(root, segments, &refusal);
    if (!resolved)
        return refusal;
    const bool multipart =
        request.header("Content-Type").trimmed().toLower().startsWith("multipart/form-data");
    std::optional<WriteRequest> write = multipart ? multipartRequest(request, maxFileBytes, &refusal)
                                                  : jsonRequest(request, maxFileBytes, &refusal);
    if (!write)
        return refusal;
    const QByteArrayView content = write->fromPart ? write->filePart : QByteArrayView(write->text);
    const QFileInfo info(resolved->real);
    if (resolved->sandboxPath == u"/" || (info.isDir() && !write->directory))
        return BlaxelReplies::sandboxError(400, u"%1 is a directory"_s.arg(resolved->sandboxPath));
    if (info.isSymLink())
        return BlaxelReplies::sandboxError(
            403, u"%1 is a symbolic link: not written through"_s.arg(resolved->sandboxPath));
    if (write->directory) {
        if (!QDir().mkpath(resolved->real))
            return BlaxelReplies::sandboxError(
                400, u"cannot create the directory %1"_s.arg(resolved->sandboxPath));
        // The owner keeps full access, or the emulator could not list or remove the folder later.
        ::chmod(QFile::encodeName(resolved->real).constData(),
                mode_t((write->permissions < 0 ? 0755 : write->permissions) | 0700));
        return HttpReply::json(200, QJsonObject{{u"message"_s, u"Directory created successfully"_s},
                                                {u"path"_s, resolved->sandboxPath}});
    }
    if (!QDir().mkpath(info.path()) || !BlaxelSandboxPaths::staysInside(root, info.path()))
        return BlaxelReplies::sandboxError(400,
                                           u"cannot create the folder of %1"_s.arg(resolved->sandboxPath));
    QSaveFile out(resolved->real);
    if (!out.open(QIODevice::WriteOnly) || out.write(content.data(), content.size()) != content.size() ||
        !out.commit())
        return BlaxelReplies::sandboxError(500, u"cannot write %1"_s.arg(resolved->sandboxPath));
    if (write->permissions >= 0)
        ::chmod(QFile::encodeName(resolved->real).constData(), mode_t(write->permissions | 0600));
    return HttpReply::json(200,
                           QJsonObject{{u"message"_s, write->message}, {u"path"_s, resolved->sandboxPath}});
}

} // namespace Emulator
