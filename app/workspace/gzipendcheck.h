#pragma once

#include <QByteArrayView>

#include <memory>

// Whether a gzip download is whole, decided from its own bytes. Qt 6.4 finishes a chunked reply as a
// success when the connection closes before the last chunk, so the HTTP layer cannot say; the gzip
// trailer (CRC-32 and length of every member) can. Feed every byte in order; reset() when the download
// starts over.
class GzipEndCheck
{
public:
    GzipEndCheck();
    ~GzipEndCheck();
    GzipEndCheck(const GzipEndCheck &) = delete;
    GzipEndCheck &operator=(const GzipEndCheck &) = delete;

    void reset();
    void feed(QByteArrayView bytes);
    // True when the bytes so far end exactly at the end of a gzip member and none of them was wrong.
    bool isComplete() const { return !m_broken && m_atMemberEnd && m_sawData; }
    // The bytes are not gzip at all, a member's checksum failed, or something other than a member or zero
    // padding follows a member: no amount of waiting helps.
    bool isBroken() const { return m_broken; }

private:
    struct Stream;

    void checkPadding(QByteArrayView bytes);

    std::unique_ptr<Stream> m_stream;
    bool m_atMemberEnd = false;
    bool m_broken = false;
    bool m_sawData = false;
    bool m_inPadding = false; // after a whole member: zeros, and nothing else, up to the end
};
