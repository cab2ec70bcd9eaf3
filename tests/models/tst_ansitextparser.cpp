// AnsiTextParser (a script's log bytes into styled spans: SGR colours, everything else a terminal acts on
// dropped, bytes cut anywhere) and MergedLog (several logs merged by line and kept once as written, each line
// parsed again in the style it started in).

#include "models/ansitextparser.h"
#include "models/mergedlog.h"

#include <QTest>

using namespace Qt::StringLiterals;

class TestAnsiTextParser : public QObject
{
    Q_OBJECT

private slots:
    void plainTextPassesThrough()
    {
        AnsiTextParser parser;
        const auto spans = parser.feed("hello\tworld\n");
        QCOMPARE(spans.size(), 1);
        QCOMPARE(spans.first().text, u"hello\tworld\n"_s);
        QCOMPARE(spans.first().style, AnsiStyle());
    }

    void sgrColoursAndBold()
    {
        AnsiTextParser parser;
        const auto spans = parser.feed("a\x1b[31mred\x1b[1;92mbright\x1b[22mthin\x1b[39mdefault\x1b[0mz");
        QCOMPARE(spans.size(), 5);
        QCOMPARE(spans.at(0), (AnsiSpan{u"a"_s, {}}));
        QCOMPARE(spans.at(1), (AnsiSpan{u"red"_s, AnsiStyle::indexed(1)}));
        QCOMPARE(spans.at(2), (AnsiSpan{u"bright"_s, AnsiStyle::indexed(10, true)}));
        QCOMPARE(spans.at(3), (AnsiSpan{u"thin"_s, AnsiStyle::indexed(10)}));
        // After 39 the colour is the default again; 0 then keeps that look, so "z" joins "default".
        QCOMPARE(spans.at(4), (AnsiSpan{u"defaultz"_s, {}}));
        QCOMPARE(AnsiTextParser::plainText(spans), u"aredbrightthindefaultz"_s);
    }

    void extendedColours()
    {
        AnsiTextParser parser;
        auto spans = parser.feed("\x1b[38;5;208mo\x1b[38;2;1;2;3mr\x1b[mx");
        QCOMPARE(spans.size(), 3);
        QCOMPARE(spans.at(0).style, AnsiStyle::indexed(208));
        QCOMPARE(spans.at(1).style.colour, AnsiStyle::Colour::Rgb);
        QCOMPARE(spans.at(1).style.rgb, quint32(0x010203));
        QCOMPARE(spans.at(2).style, AnsiStyle());
        // Out of range or a background: left alone.
        spans = parser.feed("\x1b[38;5;999ma\x1b[48;5;1mb");
        QCOMPARE(AnsiTextParser::plainText(spans), u"ab"_s);
        QCOMPARE(spans.size(), 1);
        QCOMPARE(spans.first().style, AnsiStyle());
    }

    void otherSequencesAndControlsAreDropped()
    {
        AnsiTextParser parser;
        const auto spans = parser.feed("\x1b[2J\x1b[Hclear\x1b]0;title\x07 osc\x1b]8;;http://x\x1b\\link"
                                       "\x1b(B\x1b"
                                       "7bell\x07\r\x08\x7f\xc2\x9b c1\xe2\x80\xae bidi\n");
        QCOMPARE(AnsiTextParser::plainText(spans), u"clear osclinkbell c1 bidi\n"_s);
    }

    void sequencesAndCharactersSplitAcrossChunks()
    {
        AnsiTextParser parser;
        QString text;
        QList<AnsiSpan> all;
        const QByteArray whole = "\x1b[33myellow \xc3\xa9t\xc3\xa9\x1b[0m plain\n";
        for (const char c : whole)
            all += parser.feed(QByteArray(1, c));
        QCOMPARE(AnsiTextParser::plainText(all), u"yellow été plain\n"_s);
        QCOMPARE(all.first().style, AnsiStyle::indexed(3));
        QCOMPARE(all.last().style, AnsiStyle());
    }

    void anOverlongSequenceIsDroppedAndTextGoesOn()
    {
        AnsiTextParser parser;
        QByteArray bytes = "\x1b[";
        bytes += QByteArray(AnsiTextParser::maxSequenceLength + 10, '1');
        bytes += "mafter";
        const QString plain = AnsiTextParser::plainText(parser.feed(bytes));
        QVERIFY2(plain.endsWith(u"mafter"_s), qPrintable(plain));
        QCOMPARE(parser.style(), AnsiStyle());
    }
};

class TestMergedLog : public QObject
{
    Q_OBJECT

private slots:
    void linesKeepTheirBytesAndTheirSourcesOrder()
    {
        MergedLog log;
        log.setSourceCount(2);
        QCOMPARE(log.feed(0, "a1\na"), 1);
        QCOMPARE(log.feed(1, "b1\nb2\n"), 2);
        QCOMPARE(log.feed(0, "2\n"), 1);
        QCOMPARE(log.lineCount(), 4);
        QCOMPARE(log.bytesOf(0), "a1\n");
        QCOMPARE(log.sourceOf(1), 1);
        QCOMPARE(log.bytesOf(2), "b2\n");
        QCOMPARE(log.bytesOf(3), "a2\n");
        QCOMPARE(log.sourceOf(3), 0);
        QCOMPARE(log.linesOf(0), 2);
        QCOMPARE(log.linesOf(1), 2);
        QCOMPARE(log.spansOf(3), (QList<AnsiSpan>{AnsiSpan{u"a2"_s, {}}}));
    }

    void aLineReadsAgainInTheStyleItStartedIn()
    {
        // The colour set on one line goes on into the next; the second line alone still reads red.
        MergedLog log;
        log.setSourceCount(1);
        log.feed(0, "plain \x1b[31mred\nstill red\x1b[0m plain\n");
        QCOMPARE(log.lineCount(), 2);
        QCOMPARE(log.bytesOf(1), "still red\x1b[0m plain\n");
        const QList<AnsiSpan> spans = log.spansOf(1);
        QCOMPARE(spans.size(), 2);
        QCOMPARE(spans.at(0), (AnsiSpan{u"still red"_s, AnsiStyle::indexed(1)}));
        QCOMPARE(spans.at(1), (AnsiSpan{u" plain"_s, {}}));
    }

    void aLineFeedInsideASequenceOrCutAnywhereEndsNoLine()
    {
        MergedLog log;
        log.setSourceCount(1);
        const QByteArray whole = "t\xc3\xa9\x1b]0;ti\ntle\x07xt\n\x1b[1mbold\n";
        for (const char c : whole)
            log.feed(0, QByteArrayView(&c, 1));
        QCOMPARE(log.lineCount(), 2);
        QCOMPARE(log.bytesOf(0), "t\xc3\xa9\x1b]0;ti\ntle\x07xt\n");
        QCOMPARE(AnsiTextParser::plainText(log.spansOf(0)), u"t\u00e9xt"_s);
        AnsiStyle bold;
        bold.bold = true;
        QCOMPARE(log.spansOf(1), (QList<AnsiSpan>{AnsiSpan{u"bold"_s, bold}}));
    }

    void finishingKeepsTheLastLineAndNotesTakeTheirPlace()
    {
        MergedLog log;
        log.setSourceCount(2);
        log.feed(0, "no newline");
        QVERIFY(!log.finish(1));
        log.appendNote(u"abcdef12  connection lost"_s);
        QVERIFY(log.finish(0));
        QVERIFY(!log.finish(0));
        QCOMPARE(log.lineCount(), 2);
        QCOMPARE(log.sourceOf(0), MergedLog::noteSource);
        QCOMPARE(AnsiTextParser::plainText(log.spansOf(0)), u"abcdef12  connection lost"_s);
        QCOMPARE(log.bytesOf(1), "no newline");
        QCOMPARE(AnsiTextParser::plainText(log.spansOf(1)), u"no newline"_s);
        QCOMPARE(log.linesOf(0), 1);
        QVERIFY(log.memoryBytes() >= 10);
    }

    void aLineNeverEndedIsCutAtItsMaximum()
    {
        MergedLog log;
        log.setSourceCount(1);
        const QByteArray chunk(8 * 1024, 'x');
        int completed = 0;
        for (qsizetype fed = 0; fed < MergedLog::maxLineBytes * 2 + 100; fed += chunk.size())
            completed += log.feed(0, chunk);
        QCOMPARE(completed, 2);
        QCOMPARE(log.lineCount(), 2);
        QCOMPARE(log.bytesOf(0).size(), MergedLog::maxLineBytes);
        QVERIFY(log.finish(0));
        QCOMPARE(log.lineCount(), 3);
    }

    void pastTheCapLinesAreCountedNotKeptButNotesAre()
    {
        MergedLog log(100);
        log.setSourceCount(2);
        QCOMPARE(log.feed(0, QByteArray(QByteArray(60, 'a') + '\n')), 1);
        QVERIFY(!log.wasCut());
        QCOMPARE(log.feed(1, QByteArray(QByteArray(60, 'b') + '\n' + "short\n")), 2);
        QVERIFY(log.wasCut());
        QCOMPARE(log.lineCount(), 1); // the 61-byte line did not fit, nor the short one after it
        QCOMPARE(log.linesOf(1), 2);
        log.appendNote(u"a note past the cap is still kept"_s);
        QCOMPARE(log.lineCount(), 2);
        QCOMPARE(log.sourceOf(1), MergedLog::noteSource);
        QVERIFY(log.memoryBytes() < 200);
    }
};

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    int failed = 0;
    {
        TestAnsiTextParser parser;
        failed |= QTest::qExec(&parser, argc, argv);
    }
    {
        TestMergedLog merged;
        failed |= QTest::qExec(&merged, argc, argv);
    }
    return failed;
}

#include "tst_ansitextparser.moc"
