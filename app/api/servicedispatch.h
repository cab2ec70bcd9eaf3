#pragma once

#include "api/apicall.h"
#include "api/httptransport.h"
#include "api/resulthandler.h"

#include <QCoreApplication>
#include <QObject>
#include <QPointer>
#include <QThreadPool>

#include <memory>

// Sends a request and hands the decoded result to `done` in `context`'s thread. If the context dies
// first, the call is aborted and `done` never runs (the connection dies with the context).
template <typename T, typename Decoder>
ApiCall *dispatchCall(HttpTransport *transport, const ApiRequest &request, QObject *context,
                      ResultHandler<T> done, Decoder decode)
{
    ApiCall *call = transport->send(request);
    // The context announces its death from inside its destructor, while connections to it still work:
    // cut the delivery first, so that an abort finishing synchronously cannot call into a dying object.
    auto delivery = std::make_shared<QMetaObject::Connection>();
    *delivery = QObject::connect(call, &ApiCall::finished, context, [call, done = std::move(done), decode] {
        if (call->error().isError()) {
            done(ApiResult<T>(call->error()));
            return;
        }
        ApiResult<T> result = decode(call->body());
        if (!result.ok()) {
            // A decode error quotes the body: the key must not come back through it either.
            ApiError error = result.error();
            error.redact(call->apiKeyToRedact());
            done(ApiResult<T>(error));
            return;
        }
        done(std::move(result));
    });
    QObject::connect(context, &QObject::destroyed, call, [call, delivery] {
        QObject::disconnect(*delivery);
        call->abort();
    });
    return call;
}

// The same for a reply big enough that decoding it would stall the caller's event loop (a whole account's
// list: about 130 ms for 100,000 sandboxes): the decode runs on the global thread pool and `done` runs
// later in `context`'s thread, unless the context died meanwhile. `decode` must be a pure function.
template <typename T, typename Decoder>
ApiCall *dispatchCallDecodedOffThread(HttpTransport *transport, const ApiRequest &request, QObject *context,
                                      ResultHandler<T> done, Decoder decode)
{
    ApiCall *call = transport->send(request);
    auto delivery = std::make_shared<QMetaObject::Connection>();
    auto handler = std::make_shared<ResultHandler<T>>(std::move(done));
    *delivery = QObject::connect(call, &ApiCall::finished, context, [call, handler, decode, context] {
        if (call->error().isError()) {
            (*handler)(ApiResult<T>(call->error()));
            return;
        }
        QPointer<QObject> alive(context);
        QThreadPool::globalInstance()->start(
            [body = call->body(), key = call->apiKeyToRedact(), handler, decode, alive] {
                auto result = std::make_shared<ApiResult<T>>(decode(body));
                if (!result->ok()) {
                    ApiError error = result->error();
                    error.redact(key);
                    result = std::make_shared<ApiResult<T>>(std::move(error));
                }
                // Posted to the application object, which outlives every context; `alive` is read there,
                // on the thread that deletes contexts.
                QMetaObject::invokeMethod(
                    QCoreApplication::instance(),
                    [handler, result, alive] {
                        if (alive)
                            (*handler)(std::move(*result));
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
