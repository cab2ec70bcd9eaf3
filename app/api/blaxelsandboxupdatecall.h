#pragma once

#include "api/apirequest.h"
#include "api/blaxelsandbox.h"
#include "api/blaxelsandboxupdate.h"
#include "api/resulthandler.h"

class BlaxelOperation;
class HttpTransport;

// The two requests of BlaxelSandboxService::update on one operation: GET the sandbox, then PUT it back with
// the change applied (a PUT replaces, so it starts from the whole sandbox, as @blaxel/core's updateMetadata
// does). The sandbox's secret env values, which the PUT's body carries back, are taken out of any error.
class BlaxelSandboxUpdateCall
{
public:
    BlaxelSandboxUpdateCall() = delete;

    // `get` and `put` are built by the service (its headers, the sandbox's path); the answer goes to
    // `done`, named `name` when the server leaves the name out.
    static void start(HttpTransport *transport, BlaxelOperation *operation, const ApiRequest &get,
                      ApiRequest put, const BlaxelSandboxUpdate &change, const QString &name,
                      std::shared_ptr<ResultHandler<BlaxelSandbox>> done);
};
