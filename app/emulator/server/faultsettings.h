#pragma once

#include <QJsonObject>
#include <QUrl>

namespace Emulator {

struct FaultSettings
{
    int latencyMs = 0;             // added before every API answer (timer, not sleep)
    double serverErrorRate = 0.0;  // 0..1, fraction of API requests answered 500 (seeded RNG)
    int failNextRequests = 0;      // the next N API requests answer failStatus; counts down
    int failStatus = 500;          // of those and of the random errors: 500, 502, 503 or 504
    int rateLimitNextRequests = 0; // the next N API requests answer 429 with Retry-After; counts down
    int retryAfterSeconds = 1;
    qint64 dropDownloadAfterBytes =
        -1;                    // object-store GET: full Content-Length, this many body bytes, then cut
    int dropDownloadTimes = 1; // how many GETs are cut that way before serving normally
    int expireNextUrls = 0;    // the next N signed URLs issued are already expired
    bool expiredUrls = false;  // every signed URL issued is already expired
    QUrl redirectApiTo;        // if valid: every API request answers 307 to this origin
    int hangNextRequests = 0;  // the next N API requests are read and never answered (the socket stays open)
    int dropNextReplies =
        0; // the next N API answers are cut halfway through their body (a dropped connection)
    // If not empty, the API faults above (not latency) fire only on requests whose path contains it, so a
    // test can cut the log poll of a running execution and nothing else.
    QString onlyPath;
    int storeFailNextRequests = 0; // the next N object-store requests (PUT or GET) answer storeErrorStatus
    int storeFailNextResumes = 0;  // the next N object-store GETs with a Range header answer storeErrorStatus
    int storeErrorStatus = 503;    // any 4xx/5xx, with the store's XML error body
    // If valid: every signed URL the API issues, once replaceUrlsAfter more have been issued normally, is
    // this one instead (a hostile or broken server handing out file:, ftp: or foreign http URLs).
    QUrl replaceSignedUrlsWith;
    int replaceUrlsAfter = 0;

    // The control endpoint's wire form: the field names above in snake_case.
    QJsonObject toJson() const;
    // Applies the fields present in `json` (absent ones keep their value). Answers an error text for a field
    // of the wrong type, empty on success; on error nothing is changed.
    QString merge(const QJsonObject &json);
};

} // namespace Emulator
