#pragma once

#include "ledger/ledgeroperation.h"
#include "ledger/ledgerrun.h"
#include "ledger/ledgersandbox.h"

#include <QDateTime>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <initializer_list>

class QSqlQuery;

// Rows to value types and back: the column lists the reads select, and the stored forms of times (UTC
// milliseconds) and lists (JSON arrays). Reading is tolerant: a word a newer writer added reads as the
// value that asks a person to look (an unknown operation state is ambiguous, never an intent).
class LedgerRows
{
public:
    static QString runColumns();
    static QString operationColumns();
    static QString sandboxColumns();

    static LedgerRun run(const QSqlQuery &query);
    static LedgerOperation operation(const QSqlQuery &query);
    static LedgerSandbox sandbox(const QSqlQuery &query);

    static QVariant time(const QDateTime &time);
    static QDateTime time(const QVariant &stored);
    static QString list(const QStringList &list);
    static QStringList list(const QVariant &stored);
    // NULL for an empty text: the run column of what belongs to no run.
    static QVariant orNull(const QString &text);
    // Binds the values in order; an invalid QVariant binds as NULL (a null QString becomes '' in
    // LedgerDatabase::exec, for every query).
    static void bind(QSqlQuery &query, std::initializer_list<QVariant> values);
};
