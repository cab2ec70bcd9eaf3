#pragma once

#include "api/apierror.h"
#include "api/resulthandler.h"

#include <QPointer>

#include <functional>
#include <utility>

// One list refresh in flight at a time. A refresh asked for meanwhile (a filter changed, say) runs once the
// one in flight answers, and that answer is dropped: it was for what was asked before. `Call` is the
// handle a list call returns (ApiCall, BlaxelOperation): it may be aborted.
template <typename Call> class CoalescedRefresh
{
public:
    bool isRunning() const { return m_call != nullptr; }
    void abort()
    {
        if (m_call)
            m_call->abort();
    }

    // `send(handler)` sends the list and returns its call. Its answer goes to `apply`, or to `failed` unless
    // it was cancelled; when a refresh was asked for meanwhile, to neither, and `rerun` runs instead.
    template <typename T, typename Send>
    void start(Send send, std::function<void()> rerun, std::function<void(const T &)> apply,
               std::function<void(const ApiError &)> failed)
    {
        if (m_call) {
            m_again = true;
            return;
        }
        m_call = send(ResultHandler<T>([this, rerun = std::move(rerun), apply = std::move(apply),
                                        failed = std::move(failed)](const ApiResult<T> &result) {
            m_call = nullptr;
            if (std::exchange(m_again, false)) {
                rerun();
                return;
            }
            if (!result) {
                if (result.error().kind() != ApiError::Kind::Cancelled)
                    failed(result.error());
                return;
            }
            apply(result.value());
        }));
    }

private:
    QPointer<Call> m_call;
    bool m_again = false;
};
