#pragma once

#include "api/apierror.h"

#include <QDateTime>
#include <QObject>
#include <QStringList>

class AppSession;

// What every sandbox list's controller tells its page, whatever the provider: the list refreshed or could
// not be, a details call failed, a bulk action (release, reset, delete) ended. The page base
// (SandboxListPage) wires these once for the Klavis, local and Blaxel views; each controller adds what only
// its provider has (its details, the new sandbox to select).
class SandboxListController : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SandboxListController)

public:
    ~SandboxListController() override;

    AppSession *session() const { return m_session; }

    virtual void refresh() = 0;
    // Until the answer is in the views, which takes a few event-loop iterations after it arrives.
    virtual bool isRefreshing() const = 0;
    // Invalid until the first refresh was answered.
    QDateTime lastRefreshed() const { return m_lastRefreshed; }
    // Forgets the rows and stops what runs: another account, or none.
    virtual void clear() = 0;

signals:
    void refreshed();
    void refreshFailed(const ApiError &error);
    void detailsFailed(const ApiError &error);
    // Every item of one bulk action has ended: a sentence, and one line per failure.
    void bulkFinished(const QString &summary, const QStringList &failures);

protected:
    SandboxListController(AppSession *session, QObject *parent);
    // The list is in the views: the time the page and the status bar say, then refreshed().
    void announceRefreshed();
    void forgetRefreshed() { m_lastRefreshed = {}; }

private:
    AppSession *m_session;
    QDateTime m_lastRefreshed;
};
