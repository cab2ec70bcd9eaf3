#pragma once

#include <QByteArray>
#include <QString>

// The error body of an S3-style object store (GCS, S3):
// <Error><Code>ExpiredToken</Code><Message>…</Message>…</Error>. One reader for every caller, through
// QXmlStreamReader: entities are decoded, CDATA read, and a body cut short keeps what came before the cut.
struct StoreErrorXml
{
    QString code;
    QString message;

    bool isEmpty() const { return code.isEmpty() && message.isEmpty(); }

    // Reads at most the first maxBytes of body; anything that is not such a document answers empty.
    static StoreErrorXml parse(const QByteArray &body, qsizetype maxBytes = qsizetype{16} * 1024);
};
