// Server strings in the views: a control character is shown as a symbol, never drawn raw.
#include "models/displaytext.h"
#include "models/durationtext.h"
#include "models/sandboxlistmodel.h"

#include <QTest>

using namespace Qt::StringLiterals;

class TestDisplayText final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // One way of writing a length of time for transfers, runs, Blaxel's expiry and the clocks: the second
    // unit always has two digits.
    void durations_data()
    {
        QTest::addColumn<qint64>("seconds");
        QTest::addColumn<QString>("span");
        QTest::addColumn<QString>("clock");
        QTest::newRow("unknown") << qint64(-1) << QString() << QString();
        QTest::newRow("zero") << qint64(0) << u"0 s"_s << u"0:00"_s;
        QTest::newRow("seconds") << qint64(59) << u"59 s"_s << u"0:59"_s;
        QTest::newRow("minutes") << qint64(65) << u"1 min 05 s"_s << u"1:05"_s;
        QTest::newRow("hours") << qint64(2 * 3600 + 7 * 60 + 31) << u"2 h 07 min"_s << u"2:07:31"_s;
        QTest::newRow("days") << qint64(3 * 86400 + 4 * 3600 + 59) << u"3 d 4 h"_s << u"76:00:59"_s;
    }

    void durations()
    {
        QFETCH(qint64, seconds);
        QFETCH(QString, span);
        QFETCH(QString, clock);
        QCOMPARE(DurationText::span(seconds), span);
        QCOMPARE(DurationText::clock(seconds), clock);
    }

    void visible_data()
    {
        QTest::addColumn<QString>("raw");
        QTest::addColumn<QString>("shown");
        QTest::newRow("plain") << u"github-42"_s << u"github-42"_s;
        QTest::newRow("Unicode stays") << u"café 日本 ✓"_s << u"café 日本 ✓"_s;
        QTest::newRow("ESC title sequence") << u"a\x1b]0;pwned\x07z"_s << u"a␛]0;pwned␇z"_s;
        QTest::newRow("clear screen") << u"\x1b[2J"_s << u"␛[2J"_s;
        QTest::newRow("NUL") << QString(u"a"_s + QChar(0) + u"b"_s) << u"a␀b"_s;
        QTest::newRow("CR LF tab") << u"a\r\n\tb"_s << u"a␍␊␉b"_s;
        QTest::newRow("DEL") << u"a\x7f"_s << u"a␡"_s;
        QTest::newRow("C1 CSI") << u"a\u009b2J"_s << u"a\\u009B2J"_s;
        QTest::newRow("bidi override") << u"txt.\u202egpj"_s << u"txt.\\u202Egpj"_s;
        QTest::newRow("bidi isolate") << u"\u2066x\u2069"_s << u"\\u2066x\\u2069"_s;
    }

    void visible()
    {
        QFETCH(QString, raw);
        QFETCH(QString, shown);
        QCOMPARE(DisplayText::visible(raw), shown);
    }

    void visibleLinesKeepsLineBreaksOnly()
    {
        const QString text = u"first line\x1b[2J\nsecond\u202eline\r\n"_s;
        QCOMPARE(DisplayText::visibleLines(text), u"first line\u241b[2J\nsecond\\u202Eline\u240d\n"_s);
        QCOMPARE(DisplayText::visibleLines(u"one line\x07"_s), u"one line\u2407"_s);
    }

    void cleanTextIsNotCopied()
    {
        // Called for every painted cell: the usual string comes back as it is, not as a copy.
        const QString text = u"sandbox-"_s + QString::number(42);
        QCOMPARE(DisplayText::visible(text).constData(), text.constData());
    }

    void sandboxListShowsControlsVisibly()
    {
        SandboxSummary hostile;
        hostile.serverName = u"git\x1b]0;owned\x07hub"_s;
        hostile.sandboxId = u"id\u202eabc"_s;
        hostile.status = u"idle\r"_s;
        hostile.tags = {u"t\x1b[2J"_s};
        SandboxListModel model;
        model.applySnapshot({hostile});
        QCOMPARE(model.rowCount(), 1);
        const auto display = [&](int column) {
            return model.data(model.index(0, column), Qt::DisplayRole).toString();
        };
        QCOMPARE(display(SandboxListModel::ServerColumn), u"git␛]0;owned␇hub"_s);
        QCOMPARE(display(SandboxListModel::SandboxIdColumn), u"id\\u202Eabc"_s);
        QCOMPARE(display(SandboxListModel::StatusColumn), u"idle␍"_s);
        QCOMPARE(display(SandboxListModel::TagsColumn), u"t␛[2J"_s);
        // The data roles keep the value as it came: copy buttons and API calls need the real id.
        QCOMPARE(model.data(model.index(0, 0), SandboxListModel::SandboxIdRole).toString(),
                 hostile.sandboxId);
    }
};

QTEST_GUILESS_MAIN(TestDisplayText)
#include "tst_displaytext.moc"
