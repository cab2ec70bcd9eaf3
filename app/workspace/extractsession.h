#pragma once

#include "workspace/extractbudget.h"
#include "workspace/extractgzipstream.h"
#include "workspace/extractionlimits.h"
#include "workspace/extractionreport.h"
#include "workspace/extractpathset.h"

#include <QByteArray>
#include <QHash>

#include <atomic>

class ExtractEntryPath;
class ExtractTree;

// One run of SafeExtractor::extract(): reads the tar entries one by one, checks each before anything is
// written for it, writes files and folders into the staging folder, creates the allowed links last, and
// renames the staging folder into place. Single use.
class ExtractSession
{
public:
    ExtractSession(const ExtractionLimits &limits, const std::atomic_bool &cancelRequested,
                   const ExtractGzipStream::Progress &progress);
    ~ExtractSession();
    Q_DISABLE_COPY_MOVE(ExtractSession)

    ExtractionReport run(const QString &archivePath, const QString &targetDir);

private:
    QString extractAll(const QString &archivePath, const QString &targetDir);
    QString extractEntries(ExtractTree &tree);
    QString extractEntry(struct archive_entry *entry, bool linkUnreadable, ExtractTree &tree);
    QString extractFile(struct archive_entry *entry, const ExtractEntryPath &path, ExtractTree &tree);
    QString copyData(int fd, const ExtractEntryPath &path, qint64 declared, ExtractTree &tree);
    QString extractHardLink(struct archive_entry *entry, const ExtractEntryPath &path, bool unreadable,
                            ExtractTree &tree);
    QString rememberLink(struct archive_entry *entry, const ExtractEntryPath &path, bool unreadable,
                         ExtractTree &tree);
    QString createLinks(ExtractTree &tree);
    QString skip(struct archive_entry *entry, const QString &name, const QString &why);
    QString readError();
    QString cancelledMessage();
    bool cancelRequested();

    ExtractionLimits m_limits;
    const std::atomic_bool &m_cancelRequested;
    ExtractGzipStream m_gzip;
    struct archive *m_tar = nullptr;
    ExtractionReport m_report;
    // Every path that was a link entry, kept or not: no later entry may go below one.
    ExtractPathSet m_linkPaths;
    QHash<QByteArray, QByteArray> m_pendingLinks; // path -> target, created after every file
    ExtractBudget m_budget;
    qint64 m_entries = 0;
    qint64 m_unlistedSkips = 0;
    QByteArray m_lastEntry; // decoded only for a message: a million entries should not cost a million
    bool m_cancelled = false;
};
