#pragma once

#include "apicall.h"
#include "httptransport.h"
#include "resulthandler.h"

#include <QPointer>

// Sends a request and hands the decoded result to `done` in `context`'s thread. If the context dies
// first, the call is aborted and `done` never runs (the connection dies with the context).
template <typename T, typename Decoder>
ApiCall *dispatchCall(HttpTransport *transport, const ApiRequest &request, QObject *context,
                      ResultHandler<T> done, Decoder decode)
{
    ApiCall *call = transport->send(request);
    QObject::connect(context, &QObject::destroyed, call, &ApiCall::abort);
    QObject::connect(call, &ApiCall::finished, context, [call, done = std::move(done), decode] {
        if (call->error().isError())
            done(ApiResult<T>(call->error()));
        else
            done(decode(call->body()));
    });
    return call;
}
