#include "api/blaxelsandboxupdatecall.h"

#include "api/blaxeldecoder.h"
#include "api/blaxeldispatch.h"
#include "api/blaxeloperation.h"

#include <QJsonDocument>

void BlaxelSandboxUpdateCall::start(HttpTransport *transport, BlaxelOperation *operation,
                                    const ApiRequest &get, ApiRequest put, const BlaxelSandboxUpdate &change,
                                    const QString &name, std::shared_ptr<ResultHandler<BlaxelSandbox>> done)
{
    using Call = BlaxelErrorDecoder::Call;
    const auto fail = [operation, done](ApiError error, const QStringList &secrets) {
        for (const QString &secret : secrets)
            error.redact(secret);
        operation->finishWith([&] { (*done)(error); });
    };
    const auto onPut = [operation, done, name, fail](const QStringList &secrets) {
        return ResultHandler<BlaxelSandbox>([=](const ApiResult<BlaxelSandbox> &result) {
            if (!result) {
                fail(result.error(), secrets);
                return;
            }
            ApiResult<BlaxelSandbox> named = result;
            if (named->name.isEmpty())
                named.value().name = name;
            operation->finishWith([&] { (*done)(named); });
        });
    };
    const auto onGet = [=](const ApiResult<BlaxelSandbox> &current) mutable {
        if (!current) {
            fail(current.error(), {});
            return;
        }
        QStringList secrets;
        for (const auto &env : current->envs)
            if (env.secret && !env.value.isEmpty())
                secrets << env.value;
        put.jsonBody = QJsonDocument(change.appliedTo(current->raw)).toJson(QJsonDocument::Compact);
        operation->track(dispatchBlaxelCall<BlaxelSandbox>(transport, put, Call::Update, operation,
                                                           onPut(secrets), &BlaxelDecoder::sandbox,
                                                           DecodeOn::CallerThread));
    };
    operation->track(dispatchBlaxelCall<BlaxelSandbox>(transport, get, Call::Read, operation,
                                                       ResultHandler<BlaxelSandbox>(onGet),
                                                       &BlaxelDecoder::sandbox, DecodeOn::CallerThread));
}
