#pragma once

#include "api/apicall.h"
#include "api/httptransport.h"
#include "api/resulthandler.h"

#include <QObject>

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
