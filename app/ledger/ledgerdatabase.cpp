#include "ledger/ledgerdatabase.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>

#include <algorithm>
#include <atomic>

using namespace Qt::StringLiterals;

namespace {

// SQLite's primary result codes, as QSQLITE reports them in QSqlError::nativeErrorCode().
enum SqliteCode
{
    SqliteBusy = 5,
    SqliteLocked = 6,
    SqliteReadOnly = 8,
    SqliteIoError = 10,
    SqliteFull = 13,
    SqliteCantOpen = 14,
    SqliteNotADatabase = 26,
};

int primaryCode(const QSqlError &error)
{
    bool ok = false;
    const int code = error.nativeErrorCode().toInt(&ok);
    return ok ? (code & 0xff) : -1;
}

bool isBusy(const QSqlError &error)
{
    const int code = primaryCode(error);
    return code == SqliteBusy || code == SqliteLocked;
}

QString newConnectionName()
{
    static std::atomic<quint64> counter{0};
    return u"sandboxdeck-ledger-"_s + QString::number(++counter);
}

// Every SQLite 3 file starts so (https://www.sqlite.org/fileformat.html, "The Database Header").
bool looksLikeSqlite(const QString &path, QString *problem)
{
    QFile file(path);
    if (!file.exists() || file.size() == 0)
        return true; // SQLite makes a new database of it
    if (!file.open(QIODevice::ReadOnly)) {
        *problem = file.errorString();
        return false;
    }
    return file.read(16) == QByteArray("SQLite format 3\0", 16);
}

} // namespace

LedgerDatabase::LedgerDatabase() : m_connectionName(newConnectionName()) {}

LedgerDatabase::~LedgerDatabase()
{
    close();
}

LedgerStatus LedgerDatabase::open(const QString &path)
{
    close();
    m_path = path;
    if (path.isEmpty())
        return LedgerError{LedgerError::Kind::CannotOpen, u"The run ledger has no file name."_s};
    const QFileInfo info(path);
    if (!QDir().mkpath(info.absolutePath()))
        return LedgerError{LedgerError::Kind::CannotOpen,
                           u"Could not create the folder of the run ledger %1."_s.arg(info.absolutePath())};
    QString problem;
    if (!looksLikeSqlite(path, &problem)) {
        if (!problem.isEmpty())
            return LedgerError{LedgerError::Kind::CannotOpen,
                               u"Could not read the run ledger %1: %2."_s.arg(path, problem)};
        return LedgerError{LedgerError::Kind::NotADatabase,
                           u"%1 is not a run ledger (not an SQLite database); it was left as it is. Move it "
                           u"away or point SANDBOXDECK_LEDGER elsewhere."_s.arg(path)};
    }
    if (!QSqlDatabase::isDriverAvailable(u"QSQLITE"_s))
        return LedgerError{
            LedgerError::Kind::CannotOpen,
            u"The Qt SQLite driver (QSQLITE, Debian package libqt6sql6-sqlite) is not installed: "
            u"the run ledger cannot be opened."_s};
    m_db = QSqlDatabase::addDatabase(u"QSQLITE"_s, m_connectionName);
    m_db.setDatabaseName(path);
    if (!m_db.open()) {
        LedgerError failure = error(m_db.lastError(), u"open the file"_s);
        close();
        return failure;
    }
    // Short: write() retries taking the lock itself, with a bound of its own; readers in WAL never wait.
    return exec(u"PRAGMA busy_timeout = 200"_s, u"set the busy timeout"_s);
}

LedgerStatus LedgerDatabase::configure()
{
    QSqlQuery query(m_db);
    if (LedgerStatus set = exec(u"PRAGMA journal_mode = WAL"_s, u"switch to WAL mode"_s); !set)
        return set;
    if (query.exec(u"PRAGMA journal_mode"_s) && query.next() &&
        query.value(0).toString().compare(u"wal"_s, Qt::CaseInsensitive) != 0)
        return LedgerError{LedgerError::Kind::Storage,
                           u"The run ledger %1 cannot use WAL mode on this file system."_s.arg(m_path)};
    query.finish();
    if (LedgerStatus set = exec(u"PRAGMA synchronous = NORMAL"_s, u"set synchronous"_s); !set)
        return set;
    return exec(u"PRAGMA foreign_keys = ON"_s, u"turn on foreign keys"_s);
}

void LedgerDatabase::close()
{
    if (m_db.isValid()) {
        m_db.close();
        m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(m_connectionName);
    }
}

LedgerStatus LedgerDatabase::exec(QSqlQuery &query, const QString &what)
{
    // Qt's SQLite driver binds a null QString as SQL NULL, which the NOT NULL text columns refuse: a caller's
    // QString() (no benchmark, no profile) means empty text here.
    const QVariantList values = query.boundValues();
    for (qsizetype i = 0; i < values.size(); ++i)
        if (values[i].typeId() == QMetaType::QString && values[i].toString().isNull())
            query.bindValue(int(i), QString(u""_s));
    if (!query.exec())
        return error(query.lastError(), what);
    return LedgerDone{};
}

LedgerStatus LedgerDatabase::exec(const QString &sql, const QString &what)
{
    if (!m_db.isOpen())
        return notOpen();
    QSqlQuery query(m_db);
    if (!query.exec(sql))
        return error(query.lastError(), what);
    return LedgerDone{};
}

LedgerError LedgerDatabase::error(const QSqlError &error, const QString &what) const
{
    // SQLite's own sentence names tables and constraints, never the values being written.
    const QString detail = error.databaseText().isEmpty() ? error.text() : error.databaseText();
    switch (primaryCode(error)) {
    case SqliteBusy:
    case SqliteLocked:
        return {LedgerError::Kind::Busy,
                u"The run ledger %1 stayed locked by another SandboxDeck process for "
                u"%2 s (%3); try again."_s.arg(m_path)
                    .arg(double(m_writeWaitLimit.count()) / 1000.0)
                    .arg(what)};
    case SqliteReadOnly:
        return {LedgerError::Kind::Storage,
                u"The run ledger %1 is read-only: could not %2."_s.arg(m_path, what)};
    case SqliteFull:
        return {LedgerError::Kind::Storage,
                u"The disk of the run ledger %1 is full: could not %2."_s.arg(m_path, what)};
    case SqliteNotADatabase:
        return {LedgerError::Kind::NotADatabase,
                u"%1 is not a run ledger (not an SQLite database); it was left as it is."_s.arg(m_path)};
    case SqliteCantOpen:
        return {LedgerError::Kind::CannotOpen,
                u"Could not open the run ledger %1: %2."_s.arg(m_path, detail)};
    case SqliteIoError:
    default:
        return {LedgerError::Kind::Storage,
                u"Could not %1 in the run ledger %2: %3."_s.arg(what, m_path, detail)};
    }
}

LedgerError LedgerDatabase::notOpen() const
{
    return {LedgerError::Kind::NotOpen, u"The run ledger is not open."_s};
}

LedgerStatus LedgerDatabase::begin()
{
    if (!m_db.isOpen())
        return notOpen();
    QElapsedTimer waited;
    waited.start();
    std::chrono::milliseconds pause{5};
    for (;;) {
        QSqlQuery query(m_db);
        if (query.exec(u"BEGIN IMMEDIATE"_s))
            return LedgerDone{};
        if (!isBusy(query.lastError()) || waited.elapsed() >= m_writeWaitLimit.count())
            return error(query.lastError(), u"start a write"_s);
        // Jittered, so that two writers that collided do not collide again on the same beat.
        QThread::msleep(static_cast<unsigned long>(pause.count()) + QRandomGenerator::global()->bounded(5U));
        pause = std::min(pause * 2, std::chrono::milliseconds{100});
    }
}

LedgerStatus LedgerDatabase::commit()
{
    QSqlQuery query(m_db);
    if (query.exec(u"COMMIT"_s))
        return LedgerDone{};
    LedgerError failure = error(query.lastError(), u"commit a write"_s);
    rollback();
    return failure;
}

void LedgerDatabase::rollback()
{
    QSqlQuery query(m_db);
    // Fails only when SQLite already rolled back (a full disk does): nothing is left to undo then.
    (void)query.exec(u"ROLLBACK"_s);
}
