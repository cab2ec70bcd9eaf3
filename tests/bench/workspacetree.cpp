#include "workspacetree.h"

#include "benchrandom.h"

#include <QByteArrayList>
#include <QDir>
#include <QFile>

#include <algorithm>
#include <cstring>
#include <iterator>

using namespace Qt::StringLiterals;

namespace {

QByteArray codeLine(BenchRandom &random, const QByteArrayList &words)
{
    static const char *const glue[] = {" ", " ", " ", "(", ") ", ", ", "; ", " = ", "->", "::", "."};
    QByteArray text(4 * int(random.below(4)), ' ');
    const auto count = quint64(words.size());
    for (quint64 i = 0, n = 2 + random.below(9); i < n; ++i) {
        const auto rank = random.below(count); // Zipf-like: a few words are very common, as in real code
        text.append(words.at(qsizetype(rank * rank * rank / (count * count))));
        text.append(glue[random.below(std::size(glue))]);
    }
    return text.append(";\n");
}

// Source-like text: a third of the lines are idioms repeated across the tree, so gzip shrinks it 3-4 times.
QByteArray textFile(BenchRandom &random, const QByteArrayList &words, const QByteArrayList &idioms,
                    qint64 size)
{
    QByteArray text = "// SPDX-License-Identifier: MIT\n\n";
    while (text.size() < size)
        text.append(random.below(3) == 0 ? idioms.at(qsizetype(random.below(idioms.size())))
                                         : codeLine(random, words));
    text.truncate(size);
    return text;
}

QByteArray randomBytes(BenchRandom &random, qint64 size)
{
    QByteArray bytes(size, Qt::Uninitialized);
    for (qint64 i = 0; i < size; i += 8) {
        const quint64 value = random.next();
        std::memcpy(bytes.data() + i, &value, size_t(std::min<qint64>(8, size - i)));
    }
    return bytes;
}

bool writeFile(const QString &path, const QByteArray &content)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(content) == content.size();
}

// 40 x 10 folders of 30 files: 92% text of 1..24 KiB, 8% binary of 8..120 KiB, plus two large files.
} // namespace

bool WorkspaceTree::generate(const QString &root)
{
    BenchRandom random(20250301);
    QByteArrayList words = {"return", "const", "auto",    "if",  "else",
                            "for",    "while", "QString", "int", "nullptr"};
    static const char letters[] = "abcdefghijklmnopqrstuvwxyz_";
    while (words.size() < 800) {
        QByteArray word;
        for (quint64 i = 0, n = 3 + random.below(10); i < n; ++i)
            word.append(letters[random.below(sizeof letters - 1)]);
        words.append(word);
    }
    QByteArrayList idioms;
    for (int i = 0; i < 300; ++i)
        idioms.append(codeLine(random, words));
    for (int top = 0; top < 40; ++top) {
        for (int sub = 0; sub < 10; ++sub) {
            const QString dir = u"%1/pkg%2/mod%3"_s.arg(root).arg(top, 2, 10, QChar(u'0')).arg(sub);
            if (!QDir().mkpath(dir))
                return false;
            for (int n = 0; n < 30; ++n) {
                const bool binary = random.below(100) < 8;
                const qint64 size = binary ? 8 * 1024 + qint64(random.below(112 * 1024))
                                           : 1024 + qint64(random.below(23 * 1024));
                const QString name = u"%1/%2%3.%4"_s.arg(dir, binary ? u"asset"_s : u"source"_s)
                                         .arg(n)
                                         .arg(binary ? u"bin"_s : u"cpp"_s);
                if (!writeFile(name,
                               binary ? randomBytes(random, size) : textFile(random, words, idioms, size)))
                    return false;
            }
        }
    }
    return QDir().mkpath(root + u"/data"_s) &&
           writeFile(root + u"/data/model.bin"_s, randomBytes(random, 8 << 20)) &&
           writeFile(root + u"/data/build.log"_s, textFile(random, words, idioms, 6 << 20));
}
