#include "ledger/ledgerworker.h"

#include <QSemaphore>

using namespace Qt::StringLiterals;

LedgerWorker::LedgerWorker(QObject *parent)
    : QObject(parent), m_host(new QObject), m_ledger(std::make_unique<RunLedger>())
{
    // The RunLedger holds no connection until open(), which runs on the thread: its QSqlDatabase is born,
    // used and closed there.
    m_thread.setObjectName(u"sandboxdeck-ledger"_s);
    m_host->moveToThread(&m_thread);
    m_thread.start();
}

LedgerWorker::~LedgerWorker()
{
    // Queued after everything posted so far: those writes run first.
    enqueue([this] {
        m_ledger.reset();
        m_thread.quit();
    });
    m_thread.wait();
    delete m_host;
}

void LedgerWorker::open(const QString &path, const QStringList &secrets, QObject *context,
                        LedgerHandler<LedgerDone> then)
{
    post<LedgerDone>(
        [path, secrets](RunLedger &ledger) {
            ledger.setSecrets(secrets);
            return ledger.open(path);
        },
        context, std::move(then));
}

void LedgerWorker::beginOperation(const LedgerOperation &intent, QObject *context, LedgerHandler<qint64> then)
{
    post<qint64>([intent](RunLedger &ledger) { return ledger.beginOperation(intent); }, context,
                 std::move(then));
}

void LedgerWorker::finishOperation(qint64 id, const LedgerOutcome &outcome, QObject *context,
                                   LedgerHandler<LedgerDone> then)
{
    post<LedgerDone>([id, outcome](RunLedger &ledger) { return ledger.finishOperation(id, outcome); },
                     context, std::move(then));
}

void LedgerWorker::openIntents(QObject *context, LedgerHandler<QList<LedgerOperation>> then)
{
    post<QList<LedgerOperation>>([](RunLedger &ledger) { return ledger.openIntents(); }, context,
                                 std::move(then));
}

void LedgerWorker::flush()
{
    Q_ASSERT(QThread::currentThread() != &m_thread);
    QSemaphore done;
    enqueue([&done] { done.release(); });
    done.acquire();
}

void LedgerWorker::enqueue(std::function<void()> task)
{
    // Events posted to one receiver are delivered in the order they were posted: the order of the writes.
    QMetaObject::invokeMethod(m_host, std::move(task), Qt::QueuedConnection);
}
