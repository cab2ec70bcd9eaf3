#pragma once

#include "emulator/server/httpreply.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>

namespace Emulator {

struct RecordedRequest
{
    QByteArray method;
    QString path;  // percent-decoded
    QString query; // as received, still encoded
    QList<QPair<QByteArray, QByteArray>> headers;
    qint64 bodySize = 0;
    int status = 0;        // 0: no answer was sent (the hang fault)
    qint64 receivedMs = 0; // wall clock, ms since the epoch: tests measure the client's back-off with it
    HttpReply::Fault fault = HttpReply::Fault::None;

    QByteArray header(const QByteArray &name) const; // case-insensitive, empty if absent
    bool hasHeader(const QByteArray &name) const;
    // For the control endpoint: credentials are replaced, since its output ends up in logs and terminals.
    QJsonObject toRedactedJson() const;
};

} // namespace Emulator
