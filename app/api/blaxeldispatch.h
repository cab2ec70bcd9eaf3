#pragma once

#include "api/blaxelerrordecoder.h"
#include "api/servicedispatch.h"

// dispatchDecoded with an HTTP error read in Blaxel's shapes, with the `X-Blaxel-Error-Code` header the
// transport keeps.
template <typename T, typename Decoder>
ApiCall *dispatchBlaxelCall(HttpTransport *transport, const ApiRequest &request,
                            BlaxelErrorDecoder::Call kind, QObject *context, ResultHandler<T> done,
                            Decoder decode, DecodeOn decodeOn)
{
    return dispatchDecoded<T>(
        transport, request, context, std::move(done), decode, decodeOn, [kind](const ApiCall &call) {
            ApiError error = BlaxelErrorDecoder::decode(call.error(), call.body(),
                                                        call.responseHeader("X-Blaxel-Error-Code"), kind);
            error.redact(call.apiKeyToRedact());
            return error;
        });
}
