#include "session/bulkaction.h"

#include "api/apicall.h"

using namespace Qt::StringLiterals;

BulkAction::BulkAction(const QString &verbPast, const QStringList &labels, Starter starter, QObject *parent)
    : QObject(parent), m_verbPast(verbPast), m_labels(labels), m_starter(std::move(starter))
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
                m_failures << m_labels[index] + u": "_s + result.error().fullText();
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
    if (m_failures.isEmpty())
        return total == 1 ? u"%1 %2."_s.arg(m_verbPast, m_labels.first())
                          : u"%1 %2 sandboxes."_s.arg(m_verbPast).arg(total);
    return u"%1 %2 of %3 sandboxes; %4 failed."_s.arg(m_verbPast)
        .arg(m_succeeded)
        .arg(total)
        .arg(m_failures.size());
}
