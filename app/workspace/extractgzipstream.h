#pragma once

#include <QByteArray>
#include <QString>
#include <QtGlobal>

#include <archive.h>

#include <atomic>
#include <functional>

// The gzip layer of an extraction: decompresses the file with libarchive and hands the tar bytes to the
// tar reader through readCallback(). Keeping the layers apart lets it do what libarchive 3.6 does not:
// check the gzip CRC-32 (its gzip reader skips the trailer unread), and see every block for progress and
// cancel, including the ones the tar reader skips.
class ExtractGzipStream
{
public:
    using Progress = std::function<void(qint64 done, qint64 total)>;

    ExtractGzipStream(const std::atomic_bool &cancelRequested, const Progress &progress);
    ~ExtractGzipStream();
    Q_DISABLE_COPY_MOVE(ExtractGzipStream)

    // Opens the file and checks that it is gzip; returns an error message, empty on success.
    QString open(const QString &archivePath);
    // For archive_read_open(); client is this stream. Returns -1 on cancel or on a gzip error.
    static la_ssize_t readCallback(struct archive *reader, void *client, const void **buffer);
    // Reads what the tar reader left (end-of-archive padding) and checks the CRC; error or empty.
    QString finish();
    // Reports the whole file as read: padding after the gzip data is never consumed.
    void reportComplete();

    bool isCancelled() const { return m_cancelled; }
    qint64 archiveSize() const { return m_archiveSize; }
    const QString &failure() const { return m_failure; }

    static QString truncatedMessage();
    static QString notGzipTarMessage();

private:
    la_ssize_t read(const void **buffer);
    bool trailerMatches() const;

    const std::atomic_bool &m_cancelRequested;
    Progress m_progress;
    struct archive *m_gzip = nullptr;
    qint64 m_archiveSize = 0;
    qint64 m_expandedBytes = 0;
    quint32 m_crc = 0;
    QByteArray m_tail; // the file's last bytes, where the gzip trailer is
    bool m_atEnd = false;
    bool m_cancelled = false;
    QString m_failure;
};
