#pragma once

#include "api/resulthandler.h"
#include "api/sandboxactionresult.h"

#include <QObject>
#include <QPointer>

#include "api/apicall.h"
#include <QStringList>

// Runs one action (release, reset) over many items: all are sent (the transport's rate limiter paces
// them), a failure does not stop the rest, and the end carries a summary a person can read.
class BulkAction final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BulkAction)

public:
    // Sends item `index`, answering `done` while `context` lives; the call, or null when it is sent later
    // (once the ledger has its intent): cancel() then cannot abort it.
    using Starter =
        std::function<ApiCall *(int index, QObject *context, ResultHandler<SandboxActionResult> done)>;

    enum class Verb
    {
        Release,
        Reset,
    };

    // verb names what happens to each item (its summary is a whole sentence per verb, for translators);
    // labels name the items.
    BulkAction(Verb verb, const QStringList &labels, Starter starter, QObject *parent = nullptr);

    void start();
    void cancel();
    int count() const { return int(m_labels.size()); }
    QString summary() const;
    QStringList failures() const { return m_failures; }

signals:
    void itemFinished(int index, bool ok);
    void finished();

private:
    Verb m_verb;
    QStringList m_labels;
    Starter m_starter;
    QList<QPointer<ApiCall>> m_calls;
    QStringList m_failures;
    int m_pending = 0;
    int m_succeeded = 0;
};
