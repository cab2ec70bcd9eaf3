#pragma once

#include "ledger/ledgerresult.h"

#include <QSqlDatabase>
#include <QString>

#include <chrono>
#include <functional>

class QSqlError;
class QSqlQuery;

// One QSQLITE connection to the ledger file, under a name of its own (removed with the object), used only by
// the thread that opened it. Knows nothing of the tables: it opens, sets the pragmas, runs write
// transactions and turns SQLite's errors into LedgerErrors.
class LedgerDatabase
{
public:
    LedgerDatabase();
    ~LedgerDatabase();
    LedgerDatabase(const LedgerDatabase &) = delete;
    LedgerDatabase &operator=(const LedgerDatabase &) = delete;

    // Creates the folder and opens the file, writing nothing: a file that is not an SQLite database is
    // refused before SQLite sees it.
    LedgerStatus open(const QString &path);
    // WAL (readers never wait for the writer, the app and the CLI write side by side), synchronous=NORMAL
    // (a commit survives a crash of the process; a power cut may lose the last ones), foreign keys.
    LedgerStatus configure();
    void close();
    bool isOpen() const { return m_db.isOpen(); }
    const QString &path() const { return m_path; }
    QSqlDatabase &database() { return m_db; }

    // How long a write waits for another process's write lock before it reports Busy.
    void setWriteWaitLimit(std::chrono::milliseconds limit) { m_writeWaitLimit = limit; }

    // Runs `body` in one BEGIN IMMEDIATE transaction, committed when it succeeds and rolled back when it
    // fails. Taking the lock is retried with a short backoff while another process holds it.
    template <typename T> LedgerResult<T> write(const std::function<LedgerResult<T>()> &body)
    {
        if (const LedgerStatus begun = begin(); !begun)
            return begun.error();
        LedgerResult<T> result = body();
        if (!result) {
            rollback();
            return result;
        }
        if (const LedgerStatus committed = commit(); !committed)
            return committed.error();
        return result;
    }

    // A prepared statement's run; `what` completes "Could not ... in the run ledger".
    LedgerStatus exec(QSqlQuery &query, const QString &what);
    LedgerStatus exec(const QString &sql, const QString &what);
    LedgerError error(const QSqlError &error, const QString &what) const;
    LedgerError notOpen() const;

private:
    LedgerStatus begin();
    LedgerStatus commit();
    void rollback();

    QString m_connectionName;
    QString m_path;
    QSqlDatabase m_db;
    std::chrono::milliseconds m_writeWaitLimit{10000};
};
