#pragma once

#include <QString>
#include <QUrl>

struct TransportConfig
{
    QUrl baseUrl;
    QString apiKey;         // never logged, never sent to any origin but baseUrl's
    int timeoutMs = 60'000; // one attempt without a byte moving
    // The whole call: every attempt, back-off, Retry-After wait and redirect. A server that trickles a
    // byte now and then never trips timeoutMs; this ends it. 0: no deadline.
    int callDeadlineMs = 90'000;
    double requestsPerSecond = 2.0; // the documented default limit per key (paced 5% under it)
    int burst = 2;
    int maxAttempts = 3;
    int backoffBaseMs = 500;
    int maxRetryAfterSeconds = 30;
    int maxRedirects = 5;
};
