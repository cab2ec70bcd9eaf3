#pragma once

// A Blaxel sandbox's own API in the emulator, for tst_blaxelfilesystemapi and tst_blaxelprocessapi: the
// emulator over a throwaway data folder, with research-notebook (DEPLOYED in the seed) at m_url, and the
// calls those suites make of it.

#include "blaxelclient.h"
#include "emulator/emulatorserver.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace EmulatorTest {

using namespace Qt::StringLiterals;

class BlaxelSandboxFixture
{
protected:
    std::unique_ptr<QTemporaryDir> m_data;
    std::unique_ptr<Emulator::EmulatorServer> m_server;
    std::unique_ptr<BlaxelClient> m_blaxel;
    QString m_url; // research-notebook's metadata.url

    // For init(): a failure is recorded, and the test does not run.
    void startSandbox()
    {
        m_data = std::make_unique<QTemporaryDir>();
        QVERIFY(m_data->isValid());
        m_server = blaxelEmulator(m_data->path(), [](Emulator::BlaxelSettings &settings) {
            settings.processTimeoutMs = 1500;
            settings.transitionMs = 200;
            settings.maxFileBytes = qint64(1024) * 1024;
        });
        QVERIFY(m_server->listen());
        m_blaxel = std::make_unique<BlaxelClient>(m_server->apiBaseUrl());
        m_url = m_blaxel->url(u"research-notebook"_s);
        QVERIFY(m_url.endsWith(u"/blaxel-sandbox/demo/research-notebook"_s));
    }
    void stopSandbox()
    {
        m_blaxel.reset();
        m_server.reset();
        m_data.reset();
    }

    QString folder(const QString &name = u"research-notebook"_s) const
    {
        return QFileInfo(m_data->path()).canonicalFilePath() + u"/demo/"_s + name;
    }

    QJsonObject run(const QString &command, QJsonObject extra = {})
    {
        extra.insert(u"command"_s, command);
        if (!extra.contains(u"waitForCompletion"_s))
            extra.insert(u"waitForCompletion"_s, true);
        const Answer answer = m_blaxel->process(m_url, extra);
        QTest::qCompare(answer.status, 200, "answer.status", "200", __FILE__, __LINE__);
        return answer.object();
    }

    Answer attempt(const QString &command)
    {
        return m_blaxel->process(m_url, {{u"command"_s, command}, {u"waitForCompletion"_s, true}});
    }

    // A request written byte for byte, so that no client library tidies the path first.
    QByteArray rawRequest(const QByteArray &method, const QByteArray &path, const QByteArray &headers = {},
                          const QByteArray &body = {})
    {
        QTcpSocket socket;
        socket.connectToHost(u"127.0.0.1"_s, m_server->apiPort());
        if (!socket.waitForConnected(5000))
            return {};
        socket.write(method + ' ' + path +
                     " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer demo-key\r\n"
                     "Connection: close\r\n" +
                     headers + "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body);
        QByteArray all;
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < 5000 && socket.state() != QAbstractSocket::UnconnectedState) {
            QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
            socket.waitForReadyRead(50);
            all += socket.readAll();
        }
        return all + socket.readAll();
    }
    QByteArray rawGet(const QByteArray &path) { return rawRequest("GET", path); }

    // A multipart/form-data body as the SDKs send a file (writeBinary, a multipart upload's part); `parts`
    // are (name, file name or null, body).
    struct FormPart
    {
        QByteArray name;
        QByteArray fileName; // null: a field
        QByteArray body;
    };
    static QByteArray form(const QList<FormPart> &parts, const QByteArray &boundary = "sbd-boundary-7f3a")
    {
        QByteArray body;
        for (const FormPart &part : parts) {
            body += "--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + part.name + '"';
            if (!part.fileName.isNull())
                body += "; filename=\"" + part.fileName + "\"\r\nContent-Type: application/octet-stream";
            body += "\r\n\r\n" + part.body + "\r\n";
        }
        return body + "--" + boundary + "--\r\n";
    }
    static QList<QPair<QByteArray, QByteArray>> formType(const QByteArray &boundary = "sbd-boundary-7f3a")
    {
        return {{"Content-Type", "multipart/form-data; boundary=" + boundary}};
    }
    // A file's bytes, asked for as the SDKs' readBinary does.
    Answer download(const QString &rest, QList<QPair<QByteArray, QByteArray>> headers = {})
    {
        headers.append(qMakePair(QByteArray("Accept"), QByteArray("application/octet-stream")));
        return m_blaxel->sandbox("GET", m_url, rest, {}, headers);
    }

    // A command that sleeps `seconds` asked for with waitForCompletion, its answer left pending: the reply
    // belongs to the caller, made through `nam`.
    QNetworkReply *startWaitingCommand(QNetworkAccessManager &nam, const QString &name, int seconds)
    {
        QNetworkRequest request(QUrl(m_url + u"/process"_s));
        request.setRawHeader("Authorization", "Bearer demo-key");
        request.setRawHeader("Content-Type", "application/json");
        const QString command = u"python3 -c 'import time; time.sleep(%1)'"_s.arg(seconds);
        return nam.post(request,
                        json({{u"command"_s, command}, {u"name"_s, name}, {u"waitForCompletion"_s, true}}));
    }
};

} // namespace EmulatorTest
