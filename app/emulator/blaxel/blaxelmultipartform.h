#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QString>

#include <optional>

namespace Emulator {

// A multipart/form-data body as the sandbox's Go API reads it (mime/multipart): parts located inside the body
// without copying them, every bound checked before anything is written. The SDKs send a file this way
// (blaxel-notes.md: "multipart for binary").
class BlaxelMultipartForm
{
public:
    static constexpr int maxParts = 16;
    static constexpr qsizetype maxHeaderBytes = qsizetype{8} * 1024; // the headers of one part
    // A part that is not a file (path, permissions).
    static constexpr qsizetype maxFieldBytes = qsizetype{4} * 1024;
    static constexpr qsizetype maxBoundaryBytes = 70; // RFC 2046

    struct Part
    {
        QByteArray name;
        QByteArray fileName;
        bool hasFileName = false;
        qsizetype offset = 0; // into the body
        qsizetype size = 0;
    };

    struct Failure
    {
        int status = 400;
        QString message;
    };

    // The parts of `body` under the boundary that `contentType` names; a failure for a missing boundary, a
    // malformed or unterminated body, too many parts, a field over maxFieldBytes (400) or a file part over
    // `maxFileBytes` (413).
    static std::optional<QList<Part>> parse(const QByteArray &contentType, QByteArrayView body,
                                            qint64 maxFileBytes, Failure *failure);
    // The first part called `name` (a file part only when `file`), or nullptr.
    static const Part *find(const QList<Part> &parts, QByteArrayView name, bool file);
    // The boundary parameter of a multipart Content-Type; empty when absent or not one RFC 2046 allows.
    static QByteArray boundary(const QByteArray &contentType);
};

} // namespace Emulator
