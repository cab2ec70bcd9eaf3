#pragma once

// A deliberately plain HTTP client for the emulator's tests: QNetworkAccessManager, no retries, no redirects
// followed, so each test sees exactly what the emulator answered (the app's own client is not used here).

#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>
#include <QUrl>

namespace EmulatorTest {

struct Answer
{
    int status = 0;
    QByteArray body;
    QList<QNetworkReply::RawHeaderPair> headers;
    QNetworkReply::NetworkError error = QNetworkReply::NoError;
    bool timedOut = false;

    QJsonObject object() const { return QJsonDocument::fromJson(body).object(); }
    QByteArray header(const QByteArray &name) const
    {
        for (const auto &[key, value] : headers) {
            if (key.compare(name, Qt::CaseInsensitive) == 0)
                return value;
        }
        return {};
    }
    QString detail() const { return object().value(QLatin1String("detail")).toString(); }
    QJsonArray errors() const { return object().value(QLatin1String("detail")).toArray(); }
};

class TestClient
{
public:
    explicit TestClient(QUrl base, QByteArray apiKey = "demo-key")
        : m_base(std::move(base)), m_apiKey(std::move(apiKey))
    {}

    void setApiKey(const QByteArray &key) { m_apiKey = key; }

    // `pathAndQuery` is appended to the API origin as written (already percent-encoded where needed).
    Answer api(const QByteArray &method, const QString &pathAndQuery, const QByteArray &body = {},
               QList<QPair<QByteArray, QByteArray>> headers = {})
    {
        if (!m_apiKey.isEmpty())
            headers.append(qMakePair(QByteArray("Authorization"), QByteArray("Bearer " + m_apiKey)));
        if (!body.isEmpty())
            headers.append(qMakePair(QByteArray("Content-Type"), QByteArray("application/json")));
        return send(method, QUrl(m_base.toString() + pathAndQuery, QUrl::StrictMode), body, headers);
    }

    Answer send(const QByteArray &method, const QUrl &url, const QByteArray &body = {},
                const QList<QPair<QByteArray, QByteArray>> &headers = {}, int timeoutMs = 10000)
    {
        QNetworkRequest request(url);
        request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
        for (const auto &[name, value] : headers)
            request.setRawHeader(name, value);
        QNetworkReply *reply = m_nam.sendCustomRequest(request, method, body);
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        QTimer timer;
        timer.setSingleShot(true);
        QObject::connect(&timer, &QTimer::timeout, &loop, &QEventLoop::quit);
        timer.start(timeoutMs);
        loop.exec();
        Answer answer;
        answer.timedOut = !reply->isFinished();
        if (answer.timedOut) {
            reply->abort();
            reply->deleteLater();
            return answer;
        }
        answer.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        answer.body = reply->readAll();
        answer.headers = reply->rawHeaderPairs();
        answer.error = reply->error();
        reply->deleteLater();
        return answer;
    }

    QNetworkAccessManager &nam() { return m_nam; }

private:
    QNetworkAccessManager m_nam;
    QUrl m_base;
    QByteArray m_apiKey;
};

inline QByteArray json(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

} // namespace EmulatorTest
