#pragma once

#include "api/apirequest.h"
#include "api/blaxelcreaterequest.h"
#include "api/blaxelerrordecoder.h"
#include "api/blaxeloperation.h"
#include "api/blaxelsandbox.h"
#include "api/blaxelsandboxfilter.h"
#include "api/blaxelsandboxlist.h"
#include "api/blaxelsandboxupdate.h"
#include "api/blaxeltermination.h"
#include "api/resulthandler.h"
#include "api/servicedispatch.h"

#include <QObject>

class HttpTransport;

// Blaxel sandboxes (blaxel-notes.md) over the same HttpTransport as Klavis: the transport's base URL is the
// Blaxel API root (BlaxelHosts::defaultBaseUrl) and its key the Blaxel key, sent as a Bearer token; every
// request also names the workspace (X-Blaxel-Workspace) and the API version (Blaxel-Version). Names are
// checked (BlaxelSandboxName) and percent-encoded before they enter a path. Every call returns an operation
// handle (BlaxelOperation) and answers through `done` in `context`'s thread.
class BlaxelSandboxService final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelSandboxService)

public:
    // How far a listing and a deletion wait may go; the defaults suit the app and the CLI.
    struct Limits
    {
        int maxPages = 100;
        int maxRows = 10'000;
        int pollFirstDelayMs = 500;
        int pollMaxDelayMs = 5'000;
        int waitDeadlineMs = 180'000; // DELETING to TERMINATED takes seconds; minutes mean something is wrong
    };

    BlaxelSandboxService(HttpTransport *transport, const QString &workspace, QObject *parent = nullptr);

    QString workspace() const { return m_workspace; }
    void setWorkspace(const QString &workspace) { m_workspace = workspace; }
    const Limits &limits() const { return m_limits; }
    void setLimits(const Limits &limits) { m_limits = limits; }
    // A request of the control plane at `path` for `workspace`: the workspace and API version headers every
    // Blaxel call carries (the previews' service builds its requests with it too).
    static ApiRequest controlPlaneRequest(ApiRequest::Method method, const QString &path,
                                          const QString &workspace);

    // Every page of GET /sandboxes, following `cursor` until the server says there is no more, a cursor
    // repeats, or a limit is reached (then the list says why in incompleteReason). A bare-array answer (a
    // server that ignores the version header) is the whole list. `done` gets the rows of all pages.
    BlaxelOperation *list(const BlaxelSandboxFilter &filter, QObject *context,
                          ResultHandler<BlaxelSandboxList> done);
    // The same with each page decoded on the thread pool, for a caller whose thread must not stall.
    BlaxelOperation *listDecodedOffThread(const BlaxelSandboxFilter &filter, QObject *context,
                                          ResultHandler<BlaxelSandboxList> done);
    BlaxelOperation *get(const QString &name, QObject *context, ResultHandler<BlaxelSandbox> done);
    // Not retried: a second POST would meet a 409 from the first one.
    BlaxelOperation *create(const BlaxelCreateRequest &request, QObject *context,
                            ResultHandler<BlaxelSandbox> done);
    // GET, then PUT of the sandbox as answered with `change` applied, as the official SDK updates one (a PUT
    // replaces: the fields it leaves out are cleared, so it must start from the whole sandbox). `done` gets
    // the sandbox as the PUT answered it.
    BlaxelOperation *update(const QString &name, const BlaxelSandboxUpdate &change, QObject *context,
                            ResultHandler<BlaxelSandbox> done);
    // DELETE: the sandbox as the server answers it (usually DELETING). Its data is gone for good.
    BlaxelOperation *remove(const QString &name, QObject *context, ResultHandler<BlaxelSandbox> done);
    // Polls GET with growing pauses until the sandbox is TERMINATED or its record is gone (404), within
    // Limits::waitDeadlineMs; abort() on the operation stops it.
    BlaxelOperation *waitUntilTerminated(const QString &name, QObject *context,
                                         ResultHandler<BlaxelTermination> done);

private:
    BlaxelOperation *listPaged(const BlaxelSandboxFilter &filter, QObject *context,
                               ResultHandler<BlaxelSandboxList> done, DecodeOn decodeOn);
    // "" when a request may be built for this workspace, else the sentence a refusal carries.
    QString workspaceProblem() const;
    // The request's own problem (a bad name, say) first, else the workspace's.
    QString requestProblem(const QString &subjectProblem) const;
    // One call answering a sandbox, named `name` when the server leaves the name out; `secrets` are taken
    // out of a failure's text.
    BlaxelOperation *sandboxCall(const ApiRequest &api, BlaxelErrorDecoder::Call kind, const QString &name,
                                 const QStringList &secrets, QObject *context,
                                 ResultHandler<BlaxelSandbox> done);
    ApiRequest request(ApiRequest::Method method, const QString &path) const
    {
        return controlPlaneRequest(method, path, m_workspace);
    }

    HttpTransport *m_transport;
    QString m_workspace;
    Limits m_limits;
};
