#pragma once

#include <QFile>
#include <QString>
#include <QtGlobal>

#include <archive.h>

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

// The gzip layer of an extraction: inflates the file with zlib and hands the tar bytes to the tar reader
// through readCallback(). libarchive 3.6's own gzip reader skips every trailer unread and stops silently
// at the first bytes that are not a gzip header; here every member of the stream is checked (its CRC-32
// and its length, by zlib against the bytes inflated for that member), the only thing allowed after the
// last member is zero padding, and every block is seen for progress and cancel, including the ones the
// tar reader skips. The tar reader reads exactly the bytes that were checked.
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
    // Reads whatever the tar reader left up to the end of the file, so that every member is checked;
    // returns the error, or empty (also on cancel: isCancelled() says).
    QString finish();
    // Reports the whole file as read.
    void reportComplete();

    bool isCancelled() const { return m_cancelled; }
    const QString &failure() const { return m_failure; }
    // Gzip members whose trailer was checked so far.
    int membersChecked() const { return m_membersChecked; }

    static QString truncatedMessage();
    static QString notGzipTarMessage();

private:
    struct Inflater;

    la_ssize_t read(const void **buffer);
    la_ssize_t fail(const QString &message);
    bool refill();
    bool startNextMember();
    QString inflateError(int result) const;

    const std::atomic_bool &m_cancelRequested;
    Progress m_progress;
    QFile m_file;
    std::unique_ptr<Inflater> m_inflater;
    std::vector<unsigned char> m_input;
    std::vector<unsigned char> m_output;
    qint64 m_archiveSize = 0;
    qint64 m_fileRead = 0; // bytes read from the file; those not yet inflated are still in m_input
    int m_member = 1;      // the member being inflated, counted from 1
    int m_membersChecked = 0;
    bool m_betweenMembers = false; // the last member ended with its trailer
    bool m_inPadding = false;      // zeros after the last member: nothing but zeros may follow
    bool m_fileEnded = false;
    bool m_atEnd = false;
    bool m_cancelled = false;
    QString m_failure;
};
