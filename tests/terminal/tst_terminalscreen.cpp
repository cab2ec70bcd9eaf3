// The screen model over libvterm: escape sequences in, cells, scrollback and keys out.

#include "terminal/terminalscreen.h"

#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;

class TestTerminalScreen : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void plainText()
    {
        TerminalScreen screen(5, 20);
        QSignalSpy changed(&screen, &TerminalScreen::changed);
        screen.feed("hello\r\nworld");
        QCOMPARE(changed.size(), 1); // once per feed, never per byte
        QCOMPARE(screen.lineText(0), u"hello"_s);
        QCOMPARE(screen.lineText(1), u"world"_s);
        QCOMPARE(screen.cursor(), QPoint(5, 1));
    }

    void colours()
    {
        TerminalScreen screen(5, 20);
        // 16-colour red, 256-colour 196 (pure red in the cube), true colour, then the defaults back.
        screen.feed("\x1b[31mR\x1b[38;5;196mX\x1b[38;2;1;2;3mT\x1b[48;5;21mB\x1b[0mD");
        const TerminalCell red = screen.cell(0, 0);
        QVERIFY(!red.foreground.isDefault);
        QVERIFY((red.foreground.rgb >> 16) > 0x80);
        QCOMPARE(red.foreground.rgb & 0xFFFF, 0u);
        QCOMPARE(screen.cell(0, 1).foreground, (TerminalColor{false, 0xFF0000}));
        QCOMPARE(screen.cell(0, 2).foreground, (TerminalColor{false, 0x010203}));
        QCOMPARE(screen.cell(0, 3).background, (TerminalColor{false, 0x0000FF}));
        QVERIFY(screen.cell(0, 4).foreground.isDefault);
        QVERIFY(screen.cell(0, 4).background.isDefault);
    }

    void attributes()
    {
        TerminalScreen screen(5, 20);
        screen.feed("\x1b[1mb\x1b[0;4mu\x1b[0;7mr\x1b[0;3;9mi\x1b[0mn");
        QVERIFY(screen.cell(0, 0).bold);
        QCOMPARE(screen.cell(0, 1).underline, quint8(1));
        QVERIFY(!screen.cell(0, 1).bold);
        QVERIFY(screen.cell(0, 2).reverse);
        QVERIFY(screen.cell(0, 3).italic);
        QVERIFY(screen.cell(0, 3).strike);
        const TerminalCell plain = screen.cell(0, 4);
        QVERIFY(!plain.bold && !plain.reverse && plain.underline == 0);
    }

    void alternateScreen()
    {
        TerminalScreen screen(5, 20);
        QSignalSpy switched(&screen, &TerminalScreen::alternateScreenChanged);
        screen.feed("main text");
        screen.feed("\x1b[?1049h\x1b[H\x1b[2Jfull screen");
        QVERIFY(screen.isAlternateScreen());
        QVERIFY(screen.screenText().contains(u"full screen"_s));
        QVERIFY(!screen.screenText().contains(u"main text"_s));
        screen.feed("\x1b[?1049l");
        QVERIFY(!screen.isAlternateScreen());
        QVERIFY(screen.screenText().contains(u"main text"_s));
        QVERIFY(!screen.screenText().contains(u"full screen"_s));
        QCOMPARE(switched.size(), 2);
    }

    void wideCharacters()
    {
        TerminalScreen screen(5, 20);
        screen.feed("\xe6\xbc\xa2"); // 漢, split over two feeds below
        screen.feed("a\xe5");
        screen.feed("\xad\x97");
        QCOMPARE(screen.cell(0, 0).text, u"漢"_s);
        QCOMPARE(screen.cell(0, 0).width, quint8(2));
        QCOMPARE(screen.cell(0, 1).width, quint8(0));
        QCOMPARE(screen.cell(0, 2).text, u"a"_s);
        QCOMPARE(screen.cell(0, 3).text, u"字"_s);
        const TerminalLine line = screen.line(0);
        QCOMPARE(line.size(), 20);
        QCOMPARE(line.at(1).width, quint8(0));
        QCOMPARE(screen.lineText(0), u"漢a字"_s);
        QCOMPARE(screen.cursor(), QPoint(5, 0));
    }

    void scrollbackIsBounded()
    {
        TerminalScreen screen(5, 20);
        screen.setScrollbackLimit(10);
        QSignalSpy grew(&screen, &TerminalScreen::scrollbackChanged);
        QByteArray bytes;
        for (int i = 0; i < 50; ++i)
            bytes += "line " + QByteArray::number(i) + "\r\n";
        screen.feed(bytes);
        QCOMPARE(screen.scrollbackSize(), 10);
        // 46 lines left the top of a 5-row screen whose last row is the empty one under the cursor.
        QCOMPARE(screen.lineText(0), u"line 36"_s);
        QCOMPARE(screen.lineText(9), u"line 45"_s);
        QCOMPARE(screen.lineText(10), u"line 46"_s);
        QCOMPARE(grew.size(), 1);
    }

    void scrollbackKeepsAttributes()
    {
        TerminalScreen screen(2, 10);
        screen.feed("\x1b[1;32mgreen\x1b[0m\r\nx\r\ny\r\n");
        QVERIFY(screen.scrollbackSize() >= 1);
        const TerminalLine first = screen.scrollbackLine(0);
        QVERIFY(first.at(0).bold);
        QVERIFY(!first.at(0).foreground.isDefault);
        QCOMPARE(screen.lineText(0), u"green"_s);
    }

    void resizeGivesLinesBack()
    {
        TerminalScreen screen(3, 10);
        screen.feed("a\r\nb\r\nc\r\nd\r\ne");
        QCOMPARE(screen.scrollbackSize(), 2);
        screen.resize(5, 10);
        QCOMPARE(screen.rows(), 5);
        QCOMPARE(screen.scrollbackSize(), 0);
        QCOMPARE(screen.screenText(), u"a\nb\nc\nd\ne"_s);
    }

    void keys_data()
    {
        QTest::addColumn<int>("key");
        QTest::addColumn<int>("modifiers");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QByteArray>("bytes");
        QTest::newRow("letter") << int(Qt::Key_A) << 0 << u"a"_s << QByteArray("a");
        QTest::newRow("shifted") << int(Qt::Key_A) << int(Qt::ShiftModifier) << u"A"_s << QByteArray("A");
        QTest::newRow("utf-8") << int(Qt::Key_Eacute) << 0 << u"é"_s << QByteArray("\xc3\xa9");
        QTest::newRow("enter") << int(Qt::Key_Return) << 0 << u"\r"_s << QByteArray("\r");
        QTest::newRow("backspace") << int(Qt::Key_Backspace) << 0 << QString() << QByteArray("\x7f");
        QTest::newRow("ctrl-c") << int(Qt::Key_C) << int(Qt::ControlModifier) << u"\x03"_s
                                << QByteArray("\x03");
        QTest::newRow("ctrl-d") << int(Qt::Key_D) << int(Qt::ControlModifier) << QString()
                                << QByteArray("\x04");
        QTest::newRow("up") << int(Qt::Key_Up) << 0 << QString() << QByteArray("\x1b[A");
        QTest::newRow("ctrl-left") << int(Qt::Key_Left) << int(Qt::ControlModifier) << QString()
                                   << QByteArray("\x1b[1;5D");
        QTest::newRow("home") << int(Qt::Key_Home) << 0 << QString() << QByteArray("\x1b[H");
        QTest::newRow("page down") << int(Qt::Key_PageDown) << 0 << QString() << QByteArray("\x1b[6~");
        QTest::newRow("f1") << int(Qt::Key_F1) << 0 << QString() << QByteArray("\x1bOP");
        QTest::newRow("f5") << int(Qt::Key_F5) << 0 << QString() << QByteArray("\x1b[15~");
        QTest::newRow("alt-x") << int(Qt::Key_X) << int(Qt::AltModifier) << u"x"_s << QByteArray("\x1bx");
    }

    void keys()
    {
        QFETCH(int, key);
        QFETCH(int, modifiers);
        QFETCH(QString, text);
        QFETCH(QByteArray, bytes);
        TerminalScreen screen(5, 20);
        QSignalSpy input(&screen, &TerminalScreen::input);
        QVERIFY(screen.sendKey(key, Qt::KeyboardModifiers(modifiers), text));
        QCOMPARE(input.size(), 1);
        QCOMPARE(input.constFirst().constFirst().toByteArray(), bytes);
    }

    void pasteIsBracketedWhenAsked()
    {
        TerminalScreen screen(5, 20);
        QSignalSpy input(&screen, &TerminalScreen::input);
        screen.paste(u"a\nb"_s);
        QCOMPARE(input.takeFirst().constFirst().toByteArray(), QByteArray("a\rb"));
        screen.feed("\x1b[?2004h");
        screen.paste(u"x"_s);
        QCOMPARE(input.takeFirst().constFirst().toByteArray(), QByteArray("\x1b[200~x\x1b[201~"));
    }

    void answersQueries()
    {
        TerminalScreen screen(5, 20);
        QSignalSpy input(&screen, &TerminalScreen::input);
        screen.feed("\x1b[6n"); // where is the cursor?
        QCOMPARE(input.size(), 1);
        QCOMPARE(input.constFirst().constFirst().toByteArray(), QByteArray("\x1b[1;1R"));
    }
};

QTEST_GUILESS_MAIN(TestTerminalScreen)
#include "tst_terminalscreen.moc"
