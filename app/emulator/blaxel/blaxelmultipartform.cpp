#include "emulator/blaxel/blaxelmultipartform.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Emulator {

namespace {

// Qt 6.4's QByteArrayView has no mid(): at most `length` bytes from `at`, clamped to the view.
QByteArrayView slice(QByteArrayView body, qsizetype at, qsizetype length)
{
    at = std::min(at, body.size());
    return body.sliced(at, std::min(length, body.size() - at));
}

QByteArray unquoted(QByteArray value)
{
    value = value.trimmed();
    if (value.size() < 2 || !value.startsWith('"') || !value.endsWith('"'))
        return value;
    QByteArray out;
    for (qsizetype i = 1; i + 1 < value.size(); ++i) {
        if (value.at(i) == '\\' && i + 2 < value.size())
            ++i;
        out.append(value.at(i));
    }
    return out;
}

// One header line's parameters ("form-data; name=\"file\"; filename=\"a.bin\""), by lowercase key. A ';'
// inside quotes does not split.
QList<QPair<QByteArray, QByteArray>> parameters(QByteArrayView value)
{
    QList<QPair<QByteArray, QByteArray>> out;
    QByteArray current;
    bool quoted = false;
    const auto flush = [&] {
        const qsizetype eq = current.indexOf('=');
        if (eq > 0)
            out.append({current.left(eq).trimmed().toLower(), unquoted(current.mid(eq + 1))});
        current.clear();
    };
    for (qsizetype i = 0; i < value.size(); ++i) {
        const char c = value.at(i);
        if (c == '"' && (i == 0 || value.at(i - 1) != '\\'))
            quoted = !quoted;
        if (c == ';' && !quoted)
            flush();
        else
            current.append(c);
    }
    flush();
    return out;
}

bool fail(BlaxelMultipartForm::Failure *failure, int status, const QString &message)
{
    failure->status = status;
    failure->message = message;
    return false;
}

// Reads the headers of a part starting at `at`; false on a malformed or oversized block.
bool readHeaders(QByteArrayView body, qsizetype at, BlaxelMultipartForm::Part *part, qsizetype *bodyStart,
                 BlaxelMultipartForm::Failure *failure)
{
    const QByteArrayView window = slice(body, at, BlaxelMultipartForm::maxHeaderBytes + 4);
    if (window.startsWith("\r\n"))
        return fail(failure, 400, u"a part has no Content-Disposition"_s);
    const qsizetype end = window.indexOf("\r\n\r\n");
    if (end < 0)
        return fail(failure, 400,
                    u"the headers of a part are unterminated or larger than %1 bytes"_s.arg(
                        BlaxelMultipartForm::maxHeaderBytes));
    bool disposition = false;
    for (const QByteArray &line : window.first(end).toByteArray().split('\n')) {
        const QByteArray text = line.trimmed();
        if (text.isEmpty())
            continue;
        const qsizetype colon = text.indexOf(':');
        if (colon <= 0)
            return fail(failure, 400, u"a part has a malformed header line"_s);
        if (text.left(colon).trimmed().toLower() != "content-disposition")
            continue;
        const QByteArray value = text.mid(colon + 1).trimmed();
        if (!value.toLower().startsWith("form-data"))
            return fail(failure, 400, u"a part is not form-data"_s);
        disposition = true;
        for (const auto &[key, parameter] : parameters(value)) {
            if (key == "name") {
                part->name = parameter;
            } else if (key == "filename") {
                part->fileName = parameter;
                part->hasFileName = true;
            }
        }
    }
    if (!disposition || part->name.isEmpty())
        return fail(failure, 400, u"a part has no Content-Disposition with a name"_s);
    *bodyStart = at + end + 4;
    return true;
}

} // namespace

QByteArray BlaxelMultipartForm::boundary(const QByteArray &contentType)
{
    const qsizetype semicolon = contentType.indexOf(';');
    if (contentType.left(semicolon).trimmed().toLower() != "multipart/form-data" || semicolon < 0)
        return {};
    for (const auto &[key, value] : parameters(QByteArrayView(contentType).sliced(semicolon + 1))) {
        if (key != "boundary")
            continue;
        if (value.isEmpty() || value.size() > maxBoundaryBytes || value.endsWith(' '))
            return {};
        for (const char c : value) {
            // RFC 2046's bchars.
            const bool allowed = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                                 QByteArrayView("'()+_,-./:=? ").contains(c);
            if (!allowed)
                return {};
        }
        return value;
    }
    return {};
}

std::optional<QList<BlaxelMultipartForm::Part>> BlaxelMultipartForm::parse(const QByteArray &contentType,
                                                                           QByteArrayView body,
                                                                           qint64 maxFileBytes,
                                                                           Failure *failure)
{
    const QByteArray mark = boundary(contentType);
    if (mark.isEmpty()) {
        fail(failure, 400, u"multipart/form-data without a valid boundary"_s);
        return std::nullopt;
    }
    const QByteArray delimiter = "--" + mark;
    const QByteArray separator = "\r\n" + delimiter;
    // A preamble before the first delimiter is allowed and ignored.
    qsizetype at = body.startsWith(delimiter) ? 0 : body.indexOf(separator);
    if (at < 0) {
        fail(failure, 400, u"the body holds no part under its boundary"_s);
        return std::nullopt;
    }
    at += body.startsWith(delimiter) ? delimiter.size() : separator.size();
    QList<Part> parts;
    for (;;) {
        if (slice(body, at, 2) == "--")
            return parts; // the closing delimiter; an epilogue after it is ignored
        // Transport padding, then the line break that ends a delimiter.
        while (at < body.size() && (body.at(at) == ' ' || body.at(at) == '\t'))
            ++at;
        if (slice(body, at, 2) != "\r\n") {
            fail(failure, 400, u"a delimiter is not followed by a line break"_s);
            return std::nullopt;
        }
        at += 2;
        if (parts.size() >= maxParts) {
            fail(failure, 400, u"more than %1 parts"_s.arg(maxParts));
            return std::nullopt;
        }
        Part part;
        qsizetype start = 0;
        if (!readHeaders(body, at, &part, &start, failure))
            return std::nullopt;
        const qsizetype end = body.indexOf(separator, start);
        if (end < 0) {
            fail(failure, 400,
                 u"the part '%1' is not terminated by its boundary"_s.arg(
                     QString::fromUtf8(part.name.left(64))));
            return std::nullopt;
        }
        part.offset = start;
        part.size = end - start;
        if (part.hasFileName && part.size > maxFileBytes) {
            fail(failure, 413, u"the file is larger than %1 bytes"_s.arg(maxFileBytes));
            return std::nullopt;
        }
        if (!part.hasFileName && part.size > maxFieldBytes) {
            fail(failure, 400,
                 u"the field '%1' is larger than %2 bytes"_s.arg(QString::fromUtf8(part.name.left(64)))
                     .arg(maxFieldBytes));
            return std::nullopt;
        }
        parts.append(part);
        at = end + separator.size();
    }
}

const BlaxelMultipartForm::Part *BlaxelMultipartForm::find(const QList<Part> &parts, QByteArrayView name,
                                                           bool file)
{
    for (const Part &part : parts)
        if (part.name == name && (!file || part.hasFileName))
            return &part;
    return nullptr;
}

} // namespace Emulator
