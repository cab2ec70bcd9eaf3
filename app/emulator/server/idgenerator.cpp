#include "emulator/server/idgenerator.h"

#include <QByteArray>

namespace Emulator {

IdGenerator::IdGenerator(quint64 seed) : m_engine(seed) {}

QString IdGenerator::uuid()
{
    QByteArray bytes(16, Qt::Uninitialized);
    for (char &byte : bytes)
        byte = char(m_engine() & 0xff);
    bytes[6] = char((bytes.at(6) & 0x0f) | 0x40);
    bytes[8] = char((bytes.at(8) & 0x3f) | 0x80);
    const QByteArray hexText = bytes.toHex();
    return QString::fromLatin1(hexText.mid(0, 8) + '-' + hexText.mid(8, 4) + '-' + hexText.mid(12, 4) + '-' +
                               hexText.mid(16, 4) + '-' + hexText.mid(20, 12));
}

QString IdGenerator::hex(int bytes)
{
    QByteArray raw(bytes, Qt::Uninitialized);
    for (char &byte : raw)
        byte = char(m_engine() & 0xff);
    return QString::fromLatin1(raw.toHex());
}

int IdGenerator::bounded(int end)
{
    return end <= 0 ? 0 : int(m_engine() % quint64(end));
}

double IdGenerator::unit()
{
    return double(m_engine() >> 11) / double(quint64(1) << 53);
}

} // namespace Emulator
