#pragma once

#include "api/resulthandler.h"
#include "api/signedurl.h"

#include <functional>

class ApiCall;
class QObject;

// Asks a service for a signed URL (a workspace's upload or dump URL, an execution's archive or artifacts
// URL), answering in `context`'s thread: what lets one upload or download machinery serve all of them.
using SignedUrlRequest = std::function<ApiCall *(QObject *context, ResultHandler<SignedUrl> done)>;
