#pragma once

#include "api/blaxelerrordecoder.h"
#include "api/servicedispatch.h"

// dispatchCall for Blaxel: the same delivery rules (the handler runs in `context`'s thread unless the context
// died; the decode may run on the thread pool), and an HTTP error read in Blaxel's shapes, with the
// `X-Blaxel-Error-Code` header the transport keeps.
template <typename T, typename Decoder>
ApiCall *dispatchBlaxelCall(HttpTransport *transport, const ApiRequest &request,
                            BlaxelErrorDecoder::Call kind, QObject *context, ResultHandler<T> done,
                            Decoder decode, bool decodeOffThread)
{
    ApiCall *call = transport->send(request);
    auto delivery = std::make_shared<QMetaObject::Connection>();
    auto handler = std::make_shared<ResultHandler<T>>(std::move(done));
    *delivery = QObject::connect(
        call, &ApiCall::finished, context, [call, handler, decode, context, kind, decodeOffThread] {
            if (call->error().isError()) {
                ApiError error = BlaxelErrorDecoder::decode(
                    call->error(), call->body(), call->responseHeader("X-Blaxel-Error-Code"), kind);
                error.redact(call->apiKeyToRedact());
                (*handler)(ApiResult<T>(std::move(error)));
                return;
            }
            if (!decodeOffThread) {
                (*handler)(decodeRedacted<T>(decode, call->body(), call->apiKeyToRedact()));
                return;
            }
            const QPointer<QObject> receiver(new DecodedResultDelivery<T>(std::move(*handler), context));
            QThreadPool::globalInstance()->start(
                [body = call->body(), key = call->apiKeyToRedact(), decode, receiver] {
                    auto result = std::make_shared<ApiResult<T>>(decodeRedacted<T>(decode, body, key));
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
