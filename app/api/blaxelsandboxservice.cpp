#include "api/blaxelsandboxservice.h"

#include "api/blaxeldecoder.h"
#include "api/blaxeldispatch.h"
#include "api/blaxelsandboxname.h"
#include "api/blaxelsandboxupdatecall.h"
#include "api/blaxelstatus.h"
#include "catalog/blaxelhosts.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QHash>
#include <QSet>
#include <QTimer>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

using Call = BlaxelErrorDecoder::Call;

// A page holds at most 200 sandboxes of a few KiB each; a bare-array answer holds them all.
constexpr qint64 listMaxResponseBytes = qint64{64} * 1024 * 1024;

QString encoded(const QString &value)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(value));
}

QString sandboxPath(const QString &name)
{
    return u"/sandboxes/"_s + ApiRequest::encodeSegment(name);
}

bool matchesSearch(const BlaxelSandbox &sandbox, const QString &search)
{
    if (sandbox.name.contains(search, Qt::CaseInsensitive) ||
        sandbox.displayName.contains(search, Qt::CaseInsensitive))
        return true;
    for (auto it = sandbox.labels.cbegin(); it != sandbox.labels.cend(); ++it)
        if (it.key().contains(search, Qt::CaseInsensitive) ||
            it.value().contains(search, Qt::CaseInsensitive))
            return true;
    return false;
}

// A status word goes into a comma list: letters and '_' only, so that no word can add another.
QString statusList(const QStringList &statuses)
{
    QStringList words;
    for (const QString &status : statuses) {
        const QString word = status.trimmed();
        if (!word.isEmpty() && word.size() <= 64 &&
            std::all_of(word.cbegin(), word.cend(), [](QChar c) { return c.isLetter() || c == u'_'; }))
            words << word;
    }
    return words.join(u',');
}

// A sandbox answer without its name (the delete of an older service) still names what was asked about.
ApiResult<BlaxelSandbox> named(ApiResult<BlaxelSandbox> result, const QString &name)
{
    if (result && result->name.isEmpty())
        result.value().name = name;
    return result;
}

struct ListState
{
    HttpTransport *transport = nullptr;
    ApiRequest firstPage;
    BlaxelSandboxService::Limits limits;
    QString localSearch;
    DecodeOn decodeOn = DecodeOn::CallerThread;
    BlaxelSandboxList gathered;
    QSet<QString> cursorsUsed;
    QHash<QString, qsizetype> rowOf;
    int pages = 0;
    ResultHandler<BlaxelSandboxList> done;
};

// Adds a page's rows; a name seen before (a sandbox that moved between pages) replaces its row. False when
// the row cap stopped it.
bool merge(ListState &state, const BlaxelSandboxList &page)
{
    for (const BlaxelSandbox &row : page.items) {
        if (!state.localSearch.isEmpty() && !matchesSearch(row, state.localSearch))
            continue;
        if (const auto known = state.rowOf.constFind(row.name); known != state.rowOf.cend()) {
            state.gathered.items[*known] = row;
            continue;
        }
        if (state.gathered.items.size() >= state.limits.maxRows)
            return false;
        state.rowOf.insert(row.name, state.gathered.items.size());
        state.gathered.items << row;
    }
    state.gathered.skipped += page.skipped;
    // The server's count is of its own filter; a search done here makes it meaningless.
    state.gathered.total = state.localSearch.isEmpty() ? page.total : -1;
    return true;
}

void fetchPage(BlaxelOperation *operation, const std::shared_ptr<ListState> &state, const QString &cursor)
{
    ApiRequest api = state->firstPage;
    if (!cursor.isEmpty())
        api.query.addQueryItem(u"cursor"_s, encoded(cursor));
    auto onPage = [operation, state](const ApiResult<BlaxelSandboxList> &page) {
        if (operation->isFinished())
            return;
        if (!page || operation->isAborted()) {
            const ApiError error = page ? ApiError::cancelled() : page.error();
            operation->finishWith([&] { state->done(error); });
            return;
        }
        ++state->pages;
        emit operation->progress(operation->requestsMade());
        const bool whole = merge(*state, page.value());
        const QString next = page->nextCursor;
        QString stopped;
        if (!page->incompleteReason.isEmpty())
            stopped = page->incompleteReason;
        else if (!whole)
            stopped = QCoreApplication::translate("BlaxelSandboxService", "The list stops at %1 sandboxes.")
                          .arg(state->limits.maxRows);
        else if (page->hasMore && next.isEmpty())
            stopped = QCoreApplication::translate("BlaxelSandboxService",
                                                  "Blaxel said more sandboxes follow but sent no cursor to "
                                                  "them: the list shows those read so far.");
        else if (page->hasMore && state->cursorsUsed.contains(next))
            stopped = QCoreApplication::translate(
                "BlaxelSandboxService",
                "Blaxel sent the same page cursor twice: the list stops at the sandboxes read so far.");
        else if (page->hasMore && state->pages >= state->limits.maxPages)
            stopped = QCoreApplication::translate("BlaxelSandboxService", "The list stops after %1 pages.")
                          .arg(state->limits.maxPages);
        else if (page->hasMore) {
            state->cursorsUsed.insert(next);
            fetchPage(operation, state, next);
            return;
        }
        state->gathered.hasMore = page->hasMore || !whole;
        state->gathered.nextCursor = page->hasMore ? next : QString();
        state->gathered.incompleteReason = stopped;
        operation->finishWith([&] { state->done(state->gathered); });
    };
    operation->track(dispatchBlaxelCall<BlaxelSandboxList>(
        state->transport, api, Call::Read, operation, ResultHandler<BlaxelSandboxList>(std::move(onPage)),
        &BlaxelDecoder::sandboxList, state->decodeOn));
}

struct WaitState
{
    HttpTransport *transport = nullptr;
    ApiRequest poll;
    QString name;
    BlaxelSandboxService::Limits limits;
    QElapsedTimer clock;
    int delayMs = 0;
    int polls = 0;
    ResultHandler<BlaxelTermination> done;
};

void poll(BlaxelOperation *operation, const std::shared_ptr<WaitState> &state)
{
    auto onAnswer = [operation, state](const ApiResult<BlaxelSandbox> &answer) {
        if (operation->isFinished())
            return;
        ++state->polls;
        emit operation->progress(state->polls);
        BlaxelTermination end;
        end.name = state->name;
        end.polls = state->polls;
        if (!answer && answer.error().kind() == ApiError::Kind::Http && answer.error().httpStatus() == 404) {
            end.recordGone = true;
            operation->finishWith([&] { state->done(end); });
            return;
        }
        if (!answer || operation->isAborted()) {
            const ApiError error = answer ? ApiError::cancelled() : answer.error();
            operation->finishWith([&] { state->done(error); });
            return;
        }
        if (answer->status.trimmed().compare(BlaxelStatus::terminated(), Qt::CaseInsensitive) == 0) {
            end.last = answer.value();
            operation->finishWith([&] { state->done(end); });
            return;
        }
        if (state->clock.elapsed() + state->delayMs > state->limits.waitDeadlineMs) {
            QString status = BlaxelErrorDecoder::oneLine(answer->status, 40);
            if (status.isEmpty())
                status = QCoreApplication::translate("BlaxelSandboxService", "without a status");
            const ApiError error = ApiError::gaveUp(
                QCoreApplication::translate("BlaxelSandboxService",
                                            "The sandbox %1 was still %2 after %3 s of waiting. Its deletion "
                                            "may yet finish: refresh the list later.")
                    .arg(state->name, status)
                    .arg(state->clock.elapsed() / 1000));
            operation->finishWith([&] { state->done(error); });
            return;
        }
        const int delay = state->delayMs;
        state->delayMs = std::min(state->limits.pollMaxDelayMs, state->delayMs * 3 / 2 + 1);
        operation->waitThen(delay, [operation, state] { poll(operation, state); });
    };
    operation->track(dispatchBlaxelCall<BlaxelSandbox>(state->transport, state->poll, Call::Read, operation,
                                                       ResultHandler<BlaxelSandbox>(std::move(onAnswer)),
                                                       &BlaxelDecoder::sandbox, DecodeOn::CallerThread));
}

} // namespace

BlaxelSandboxService::BlaxelSandboxService(HttpTransport *transport, const QString &workspace,
                                           QObject *parent)
    : QObject(parent), m_transport(transport), m_workspace(workspace)
{}

QString BlaxelSandboxService::workspaceProblem() const
{
    if (m_workspace.isEmpty())
        return tr("No Blaxel workspace is chosen, and every request must name one. Choose it in the profile "
                  "(or with --workspace).");
    const bool sendable = m_workspace.size() <= 128 &&
                          std::all_of(m_workspace.cbegin(), m_workspace.cend(),
                                      [](QChar c) { return c.unicode() > 0x20 && c.unicode() < 0x7f; });
    if (!sendable)
        return tr(
            "The workspace name holds spaces, control characters or letters outside ASCII, or is longer "
            "than 128 characters, so it cannot be sent. Check it in the profile.");
    return {};
}

ApiRequest BlaxelSandboxService::controlPlaneRequest(ApiRequest::Method method, const QString &path,
                                                     const QString &workspace)
{
    ApiRequest api;
    api.method = method;
    api.path = path;
    api.headers = {{QByteArrayLiteral("X-Blaxel-Workspace"), workspace.toUtf8()},
                   {QByteArrayLiteral("Blaxel-Version"), BlaxelHosts::apiVersion().toLatin1()}};
    return api;
}

BlaxelOperation *BlaxelSandboxService::list(const BlaxelSandboxFilter &filter, QObject *context,
                                            ResultHandler<BlaxelSandboxList> done)
{
    return listPaged(filter, context, std::move(done), DecodeOn::CallerThread);
}

BlaxelOperation *BlaxelSandboxService::listDecodedOffThread(const BlaxelSandboxFilter &filter,
                                                            QObject *context,
                                                            ResultHandler<BlaxelSandboxList> done)
{
    return listPaged(filter, context, std::move(done), DecodeOn::ThreadPool);
}

BlaxelOperation *BlaxelSandboxService::listPaged(const BlaxelSandboxFilter &filter, QObject *context,
                                                 ResultHandler<BlaxelSandboxList> done, DecodeOn decodeOn)
{
    if (const QString problem = workspaceProblem(); !problem.isEmpty())
        return BlaxelOperation::refused(context, std::move(done), problem);
    auto state = std::make_shared<ListState>();
    state->transport = m_transport;
    state->limits = m_limits;
    state->decodeOn = decodeOn;
    state->done = std::move(done);
    ApiRequest &api = state->firstPage;
    api = request(ApiRequest::Method::Get, u"/sandboxes"_s);
    api.maxResponseBytes = listMaxResponseBytes;
    if (const QString statuses = statusList(filter.statuses); !statuses.isEmpty())
        api.query.addQueryItem(u"status"_s, encoded(statuses));
    const QString search = filter.search.trimmed();
    if (search.size() >= 2)
        api.query.addQueryItem(u"q"_s, encoded(search));
    else
        state->localSearch = search; // the API answers searches of two characters or more
    if (filter.showTerminated)
        api.query.addQueryItem(u"showTerminated"_s, u"true"_s);
    api.query.addQueryItem(u"limit"_s, QString::number(std::clamp(filter.pageSize, 1, 200)));
    if (!filter.sort.isEmpty())
        api.query.addQueryItem(u"sort"_s, encoded(filter.sort.left(64)));

    auto *operation = new BlaxelOperation(context);
    operation->setFailure([state](const ApiError &error) { state->done(error); });
    fetchPage(operation, state, {});
    return operation;
}

QString BlaxelSandboxService::requestProblem(const QString &subjectProblem) const
{
    return subjectProblem.isEmpty() ? workspaceProblem() : subjectProblem;
}

BlaxelOperation *BlaxelSandboxService::sandboxCall(const ApiRequest &api, BlaxelErrorDecoder::Call kind,
                                                   const QString &name, const QStringList &secrets,
                                                   QObject *context, ResultHandler<BlaxelSandbox> done)
{
    auto *operation = new BlaxelOperation(context);
    auto handler = std::make_shared<ResultHandler<BlaxelSandbox>>(std::move(done));
    operation->setFailure([handler](const ApiError &error) { (*handler)(error); });
    operation->track(dispatchBlaxelCall<BlaxelSandbox>(
        m_transport, api, kind, operation,
        ResultHandler<BlaxelSandbox>(
            [operation, handler, secrets, name](const ApiResult<BlaxelSandbox> &result) {
                if (result) {
                    operation->finishWith([&] { (*handler)(named(result, name)); });
                    return;
                }
                ApiError error = result.error();
                for (const QString &secret : secrets)
                    error.redact(secret);
                operation->finishWith([&] { (*handler)(error); });
            }),
        &BlaxelDecoder::sandbox, DecodeOn::CallerThread));
    return operation;
}

BlaxelOperation *BlaxelSandboxService::get(const QString &name, QObject *context,
                                           ResultHandler<BlaxelSandbox> done)
{
    if (const QString problem = requestProblem(BlaxelSandboxName::problem(name)); !problem.isEmpty())
        return BlaxelOperation::refused(context, std::move(done), problem);
    return sandboxCall(request(ApiRequest::Method::Get, sandboxPath(name)), Call::Read, name, {}, context,
                       std::move(done));
}

BlaxelOperation *BlaxelSandboxService::create(const BlaxelCreateRequest &request, QObject *context,
                                              ResultHandler<BlaxelSandbox> done)
{
    if (const QString problem = requestProblem(request.problem()); !problem.isEmpty())
        return BlaxelOperation::refused(context, std::move(done), problem);
    ApiRequest api = this->request(ApiRequest::Method::Post, u"/sandboxes"_s);
    api.jsonBody = request.toJson();
    api.idempotent = false;
    // A server may quote the body in its complaint: no secret value leaves in an error.
    QStringList secrets;
    for (const auto &env : request.envs)
        if (env.secret && !env.value.isEmpty())
            secrets << env.value;
    return sandboxCall(api, Call::Create, request.name, secrets, context, std::move(done));
}

BlaxelOperation *BlaxelSandboxService::update(const QString &name, const BlaxelSandboxUpdate &change,
                                              QObject *context, ResultHandler<BlaxelSandbox> done)
{
    QString subjectProblem = BlaxelSandboxName::problem(name);
    if (subjectProblem.isEmpty())
        subjectProblem = change.problem();
    if (const QString problem = requestProblem(subjectProblem); !problem.isEmpty())
        return BlaxelOperation::refused(context, std::move(done), problem);
    auto *operation = new BlaxelOperation(context);
    auto handler = std::make_shared<ResultHandler<BlaxelSandbox>>(std::move(done));
    operation->setFailure([handler](const ApiError &error) { (*handler)(error); });
    BlaxelSandboxUpdateCall::start(
        m_transport, operation, request(ApiRequest::Method::Get, sandboxPath(name)),
        request(ApiRequest::Method::Put, sandboxPath(name)), change, name, handler);
    return operation;
}

BlaxelOperation *BlaxelSandboxService::remove(const QString &name, QObject *context,
                                              ResultHandler<BlaxelSandbox> done)
{
    if (const QString problem = requestProblem(BlaxelSandboxName::problem(name)); !problem.isEmpty())
        return BlaxelOperation::refused(context, std::move(done), problem);
    // A repeated DELETE finds the sandbox DELETING or TERMINATED: retrying one is safe.
    return sandboxCall(request(ApiRequest::Method::Delete, sandboxPath(name)), Call::Delete, name, {},
                       context, std::move(done));
}

BlaxelOperation *BlaxelSandboxService::waitUntilTerminated(const QString &name, QObject *context,
                                                           ResultHandler<BlaxelTermination> done)
{
    if (const QString problem = requestProblem(BlaxelSandboxName::problem(name)); !problem.isEmpty())
        return BlaxelOperation::refused(context, std::move(done), problem);
    auto state = std::make_shared<WaitState>();
    state->transport = m_transport;
    state->poll = request(ApiRequest::Method::Get, sandboxPath(name));
    state->name = name;
    state->limits = m_limits;
    state->delayMs = std::max(1, m_limits.pollFirstDelayMs);
    state->done = std::move(done);
    state->clock.start();
    auto *operation = new BlaxelOperation(context);
    operation->setFailure([state](const ApiError &error) { state->done(error); });
    poll(operation, state);
    return operation;
}
