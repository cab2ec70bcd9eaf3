#pragma once

// What the ledger suites share: a connection of the test's own to a ledger file, for what the API does not
// show (pragmas, a schema written by hand, a write lock held), and the bytes SQLite keeps on disk.

#include "ledger/ledgerrun.h"

#include <QFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <atomic>

// A QSQLITE connection to `path` under a name of its own, removed with the object.
class RawLedgerConnection
{
public:
    explicit RawLedgerConnection(const QString &path)
        : m_name(QStringLiteral("raw-ledger-test-") + QString::number(++counter()))
    {
        m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_name);
        m_db.setDatabaseName(path);
        m_db.open();
    }
    ~RawLedgerConnection()
    {
        m_db.close();
        m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(m_name);
    }
    RawLedgerConnection(const RawLedgerConnection &) = delete;
    RawLedgerConnection &operator=(const RawLedgerConnection &) = delete;

    // Runs one statement; the first column of the first row, or an invalid QVariant. `ok` says whether it
    // ran.
    QVariant exec(const QString &sql, bool *ok = nullptr)
    {
        QSqlQuery query(m_db);
        const bool ran = query.exec(sql);
        if (ok)
            *ok = ran;
        if (!ran)
            qWarning("%s: %s", qPrintable(sql), qPrintable(query.lastError().text()));
        return ran && query.next() ? query.value(0) : QVariant();
    }
    QSqlDatabase &database() { return m_db; }

private:
    static std::atomic<int> &counter()
    {
        static std::atomic<int> value{0};
        return value;
    }
    QString m_name;
    QSqlDatabase m_db;
};

// The ledger file with its -wal and -shm companions, as bytes: where a secret would sit if one got through.
inline QByteArray ledgerBytesOnDisk(const QString &path)
{
    QByteArray bytes;
    for (const QString &name :
         QStringList{path, path + QStringLiteral("-wal"), path + QStringLiteral("-shm")}) {
        QFile file(name);
        if (file.open(QIODevice::ReadOnly))
            bytes += file.readAll();
    }
    return bytes;
}

// A run with a name and a state, the rest left at its defaults.
inline LedgerRun namedRun(const QString &name, LedgerRunState state = LedgerRunState::Provisioning)
{
    LedgerRun run;
    run.name = name;
    run.state = state;
    return run;
}

inline QByteArray fileBytes(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}
