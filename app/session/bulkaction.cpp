#include "session/bulkaction.h"

#include "api/apicall.h"

using namespace Qt::StringLiterals;

BulkAction::BulkAction(Verb verb, const QStringList &labels, Starter starter, QObject *parent)
    : QObject(parent), m_verb(verb), m_labels(labels), m_starter(std::move(starter))
{}

void BulkAction::start()
{
    m_pending = int(m_labels.size());
    if (m_pending == 0) {
        emit finished();
        return;
    }
    for (int index = 0; index < m_labels.size(); ++index) {
        m_calls << m_starter(index, this, [this, index](const ApiResult<SandboxActionResult> &result) {
            if (result)
                ++m_succeeded;
            else
                m_failures << tr("%1: %2").arg(m_labels[index], result.error().fullText());
            emit itemFinished(index, result.ok());
            if (--m_pending == 0)
                emit finished();
        });
    }
}

void BulkAction::cancel()
{
    for (const auto &call : std::as_const(m_calls))
        if (call && !call->isFinished())
            call->abort();
}

QString BulkAction::summary() const
{
    const int total = int(m_labels.size());
    const bool release = m_verb == Verb::Release;
    if (m_failures.isEmpty() && total == 1)
        return release ? tr("Released %1.").arg(m_labels.first()) : tr("Reset %1.").arg(m_labels.first());
    if (m_failures.isEmpty())
        return release ? tr("Released %n sandbox(es).", nullptr, total)
                       : tr("Reset %n sandbox(es).", nullptr, total);
    // The count of failures is the plural that a sentence hangs on; the other two numbers are plain.
    const QString sentence =
        release ? tr("Released %1 of %2 sandboxes; %n failed.", nullptr, int(m_failures.size()))
                : tr("Reset %1 of %2 sandboxes; %n failed.", nullptr, int(m_failures.size()));
    return sentence.arg(m_succeeded).arg(total);
}
