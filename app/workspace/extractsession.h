#pragma once

#include "extractgzipstream.h"
#include "extractionlimits.h"
#include "extractionreport.h"

#include <QByteArray>
#include <QHash>
#include <QSet>

#include <atomic>
#include <vector>

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

    static QString formatSize(qint64 bytes);

private:
    QString extractAll(const QString &archivePath, const QString &targetDir);
    QString extractEntries(ExtractTree &tree);
    QString extractEntry(struct archive_entry *entry, bool linkUnreadable, ExtractTree &tree);
    QString extractFile(struct archive_entry *entry, const ExtractEntryPath &path, ExtractTree &tree);
    QString copyData(int fd, const QByteArray &relative, ExtractTree &tree);
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
    QSet<QByteArray> m_linkPaths;
    QHash<QByteArray, QByteArray> m_pendingLinks; // path -> target, created after every file
    qint64 m_entries = 0;
    qint64 m_expandedBytes = 0; // written, plus data of skipped entries
    qint64 m_unlistedSkips = 0;
    QString m_lastEntry;
    bool m_cancelled = false;
    std::vector<char> m_buffer;
};
