// A Blaxel sandbox's search calls in the emulator, as @blaxel/core's fs.find, fs.search and fs.grep make
// them: /filesystem-find, /filesystem-search and /filesystem-content-search over research-notebook's files
// (README.md, data/sample.csv, src/main.py), with their filters, limits and refusals.

#include "blaxelsandboxfixture.h"

#include <QDir>
#include <QFile>

using namespace Qt::StringLiterals;
using namespace EmulatorTest;

class TestBlaxelFilesystemSearch final : public QObject, private BlaxelSandboxFixture
{
    Q_OBJECT

    QJsonObject search(const QString &rest, int status = 200)
    {
        const Answer answer = m_blaxel->sandbox("GET", m_url, rest);
        QTest::qCompare(answer.status, status, "answer.status", "status", __FILE__, __LINE__);
        return answer.object();
    }

    static QStringList paths(const QJsonObject &answer)
    {
        QStringList found;
        for (const auto &match : answer[u"matches"_s].toArray())
            found.append(match[u"path"_s].toString());
        return found;
    }

    void write(const QString &sandboxPath, const QByteArray &content)
    {
        const QString real = folder() + sandboxPath;
        QVERIFY(QDir().mkpath(QFileInfo(real).path()));
        QFile file(real);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(content);
    }

private Q_SLOTS:
    void init()
    {
        startSandbox();
        write(u"/blaxel/src/util.py"_s, "def helper():\n    return 'Needle in here'\n");
        write(u"/blaxel/node_modules/dep/index.js"_s, "needle\n");
        write(u"/blaxel/.hidden/secret.py"_s, "needle\n");
        write(u"/blaxel/data/blob.bin"_s, QByteArray("needle\0binary", 13));
    }
    void cleanup() { stopSandbox(); }

    void find()
    {
        const QJsonObject python = search(u"/filesystem-find/%2Fblaxel?type=file&patterns=*.py"_s);
        QCOMPARE(paths(python), (QStringList{u"/blaxel/src/main.py"_s, u"/blaxel/src/util.py"_s}));
        QCOMPARE(python[u"total"_s].toInt(), 2);
        QCOMPARE(python[u"matches"_s][0][u"type"_s].toString(), u"file"_s);
        // Hidden entries and dependency folders only when asked for.
        QVERIFY(paths(search(u"/filesystem-find/?patterns=*.py&excludeHidden=false"_s))
                    .contains(u"/blaxel/.hidden/secret.py"_s));
        QVERIFY(paths(search(u"/filesystem-find/?patterns=*.js&excludeDirs="_s))
                    .contains(u"/blaxel/node_modules/dep/index.js"_s));
        QVERIFY(paths(search(u"/filesystem-find/?patterns=*.js"_s)).isEmpty());
        QCOMPARE(paths(search(u"/filesystem-find/?type=directory"_s)),
                 (QStringList{u"/blaxel/data"_s, u"/blaxel/src"_s}));
        QCOMPARE(search(u"/filesystem-find/?maxResults=1"_s)[u"matches"_s].toArray().size(), 1);
        search(u"/filesystem-find/?type=socket"_s, 400);
        search(u"/filesystem-find/?maxResults=-1"_s, 400);
        search(u"/filesystem-find/README.md"_s, 400);
        search(u"/filesystem-find/..%2F..%2F"_s, 400);
        QCOMPARE(m_blaxel->sandbox("POST", m_url, u"/filesystem-find/"_s).status, 405);
    }

    void fuzzySearch()
    {
        const QJsonObject found = search(u"/filesystem-search/?patterns=util"_s);
        QCOMPARE(paths(found).value(0), u"/blaxel/src/util.py"_s);
        QVERIFY(found[u"matches"_s][0][u"score"_s].toDouble() > 0);
        // Letters in order, not together, still match, below a name that holds them together.
        QCOMPARE(paths(search(u"/filesystem-search/?patterns=mnpy"_s)),
                 (QStringList{u"/blaxel/src/main.py"_s}));
        QCOMPARE(paths(search(u"/filesystem-search/?patterns=*.csv"_s)),
                 (QStringList{u"/blaxel/data/sample.csv"_s}));
        QVERIFY(paths(search(u"/filesystem-search/?patterns=zzz"_s)).isEmpty());
    }

    void contentSearch()
    {
        const QJsonObject found = search(u"/filesystem-content-search/?query=needle"_s);
        QCOMPARE(paths(found), (QStringList{u"/blaxel/src/util.py"_s})); // not binary, hidden or node_modules
        const QJsonObject match = found[u"matches"_s][0].toObject();
        QCOMPARE(match[u"line"_s].toInt(), 2);
        QCOMPARE(match[u"column"_s].toInt(), 13);
        QCOMPARE(match[u"text"_s].toString(), u"    return 'Needle in here'"_s);
        QCOMPARE(found[u"query"_s].toString(), u"needle"_s);
        QVERIFY(paths(search(u"/filesystem-content-search/?query=needle&caseSensitive=true"_s)).isEmpty());
        QVERIFY(paths(search(u"/filesystem-content-search/?query=print&filePattern=*.csv"_s)).isEmpty());
        QCOMPARE(paths(search(u"/filesystem-content-search/%2Fblaxel%2Fsrc?query=print&filePattern=*.py"_s)),
                 (QStringList{u"/blaxel/src/main.py"_s}));
        search(u"/filesystem-content-search/"_s, 400);
    }
};

QTEST_GUILESS_MAIN(TestBlaxelFilesystemSearch)
#include "tst_blaxelfilesystemsearch.moc"
