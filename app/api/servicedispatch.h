#pragma once

#include "api/apicall.h"
#include "api/httptransport.h"
#include "api/resulthandler.h"

#include <QCoreApplication>
#include <QObject>
#include <QPointer>
#include <QThreadPool>

#include <memory>

// Decodes a reply's body; a decode error quotes the body, so the key is taken out of it.
template <typename T, typename Decoder>
ApiResult<T> decodeRedacted(const Decoder &decode, const QByteArray &body, const QString &keyToRedact)
{
    ApiResult<T> result = decode(body);
    if (result.ok())
        return result;
    ApiError error = result.error();
    error.redact(keyToRedact);
    return ApiResult<T>(std::move(error));
}

// Holds a handler in the context's thread while its reply is decoded elsewhere, so the handler (and what
// it captured) is called and destroyed only there; a child of the context, it dies with it.
template <typename T> class DecodedResultDelivery final : public QObject
{
public:
    DecodedResultDelivery(ResultHandler<T> handler, QObject *context)
        : QObject(context), m_handler(std::move(handler))
    {}
    void deliver(const ApiResult<T> &result)
    {
        m_handler(result);
        deleteLater();
    }

private:
    ResultHandler<T> m_handler;
};

// Where a reply's body is decoded. A reply big enough that decoding it would stall the caller's event loop (a
// whole account's list: about 130 ms for 100,000 sandboxes) is decoded on the global thread pool; then
// `decode` must be a pure function, and the call is gone when the handler runs: a handler must not read it.
enum class DecodeOn
{
    CallerThread,
    ThreadPool
};

// A failed call's error as the transport read it; a provider with its own error shapes passes its own reader.
inline ApiError transportError(const ApiCall &call)
{
    return call.error();
}

// Sends a request and hands the decoded result to `done` in `context`'s thread. If the context dies
// first, the call is aborted and `done` never runs (the connection dies with the context). A failed call
// answers `readError(call)`.
template <typename T, typename Decoder, typename ErrorReader>
ApiCall *dispatchDecoded(HttpTransport *transport, const ApiRequest &request, QObject *context,
                         ResultHandler<T> done, Decoder decode, DecodeOn decodeOn, ErrorReader readError)
{
    ApiCall *call = transport->send(request);
    // The context announces its death from inside its destructor, while connections to it still work:
    // cut the delivery first, so that an abort finishing synchronously cannot call into a dying object.
    auto delivery = std::make_shared<QMetaObject::Connection>();
    auto handler = std::make_shared<ResultHandler<T>>(std::move(done));
    *delivery = QObject::connect(
        call, &ApiCall::finished, context, [call, handler, decode, context, decodeOn, readError] {
            if (call->error().isError()) {
                (*handler)(ApiResult<T>(readError(*call)));
                return;
            }
            if (decodeOn == DecodeOn::CallerThread) {
                (*handler)(decodeRedacted<T>(decode, call->body(), call->apiKeyToRedact()));
                return;
            }
            const QPointer<QObject> receiver(new DecodedResultDelivery<T>(std::move(*handler), context));
            QThreadPool::globalInstance()->start(
                [body = call->body(), key = call->apiKeyToRedact(), decode, receiver] {
                    auto result = std::make_shared<ApiResult<T>>(decodeRedacted<T>(decode, body, key));
                    // Posted to the application object, which outlives every context; `receiver` is read
                    // there, on the thread that deletes contexts.
                    QMetaObject::invokeMethod(
                        QCoreApplication::instance(),
                        [result, receiver] {
                            if (receiver)
                                static_cast<DecodedResultDelivery<T> *>(receiver.data())->deliver(*result);
                        },
                        Qt::QueuedConnection);
                });
        });
    QObject::connect(context, &QObject::destroyed, call, [call, delivery] {
        QObject::disconnect(*delivery);
        call->abort();
    });
    return call;
}

template <typename T, typename Decoder>
ApiCall *dispatchCall(HttpTransport *transport, const ApiRequest &request, QObject *context,
                      ResultHandler<T> done, Decoder decode)
{
    return dispatchDecoded<T>(transport, request, context, std::move(done), decode, DecodeOn::CallerThread,
                              &transportError);
}

template <typename T, typename Decoder>
ApiCall *dispatchCallDecodedOffThread(HttpTransport *transport, const ApiRequest &request, QObject *context,
                                      ResultHandler<T> done, Decoder decode)
{
    return dispatchDecoded<T>(transport, request, context, std::move(done), decode, DecodeOn::ThreadPool,
                              &transportError);
}
