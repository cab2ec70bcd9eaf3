// Part of tst_mcpwidgets (one executable, see tst_mcpwidgets.cpp). ToolResultView: every kind of content
// block, errors in the app's colours, hostile images left undecoded.

#include "../mcp/awkwardmcpserver.h"
#include "common/errorcolour.h"
#include "common/jsontextedit.h"
#include "common/jsontreeview.h"
#include "inspector/inspectpage.h"
#include "inspector/schemafield.h"
#include "inspector/schemaform.h"
#include "inspector/schemalisteditor.h"
#include "inspector/toolresultview.h"
#include "mcp/mcpclient.h"
#include "mcp/mcpresultdecoder.h"
#include "mcpwidgetstest.h"
#include "models/jsontreemodel.h"
#include "models/mcpexchangelogmodel.h"
#include "models/mcptoollistmodel.h"
#include "preferences/themeapplier.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QBuffer>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialog>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QNetworkAccessManager>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStyleFactory>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>

using namespace Qt::StringLiterals;
using namespace McpWidgetsTest;

class TestToolResultView final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(QDir().mkpath(screenshotDir())); }
    void cleanup() { ThemeApplier::apply(ThemeSetting::Theme::Light); }

    void resultShowsEveryKindOfBlock()
    {
        ToolResultView view;
        view.resize(800, 900);
        view.setResult(decodedResult(false));
        view.show();
        QVERIFY(!view.isError());
        QVERIFY(!view.headline()->isVisibleTo(&view));
        const QList<QWidget *> blocks = view.blockWidgets();
        QCOMPARE(blocks.size(), 4);
        // Text, with its control characters made visible as everywhere in the app.
        auto *text = qobject_cast<QPlainTextEdit *>(blocks.at(0));
        QVERIFY(text);
        QCOMPARE(text->toPlainText(), u"Created issue #7\nbell\u2407 end"_s);
        // The image decoded and fitted to the preview height, keeping its proportions.
        auto *image = qobject_cast<QLabel *>(blocks.at(1));
        QVERIFY(image);
        QCOMPARE(image->pixmap().size(), QSize(360, ToolResultView::previewHeight));
        // A click shows it at full size.
        QTest::mouseClick(image, Qt::LeftButton);
        auto *full = view.findChild<QDialog *>(u"toolResultImageWindow"_s);
        QVERIFY(full);
        QCOMPARE(full->findChild<QScrollArea *>()->widget()->size(), QSize(600, 400));
        full->close();
        // The embedded resource: its uri, type and text; the link: its uri and name.
        const auto labelTexts = [](QWidget *frame) {
            QStringList texts;
            for (const QLabel *label : frame->findChildren<QLabel *>())
                texts.append(label->text());
            return texts;
        };
        QCOMPARE(blocks.at(2)->objectName(), u"toolResultResource"_s);
        QVERIFY(labelTexts(blocks.at(2)).contains(u"file:///workspace/notes.md"_s));
        QVERIFY(labelTexts(blocks.at(2)).contains(u"text/markdown"_s));
        QCOMPARE(blocks.at(2)->findChild<QPlainTextEdit *>()->toPlainText(), u"# Notes\nfirst line"_s);
        QCOMPARE(blocks.at(3)->objectName(), u"toolResultResourceLink"_s);
        QVERIFY(labelTexts(blocks.at(3)).contains(u"https://example.com/issues/7"_s));
        QVERIFY(labelTexts(blocks.at(3)).contains(u"issue-7"_s));
        // Structured content as a JSON tree.
        QVERIFY(view.structuredView()->isVisibleTo(&view));
        QCOMPARE(view.structuredView()->json().toObject().value(u"number"_s).toInt(), 7);
        QCOMPARE(view.structuredView()->model()->rowCount(), 2);

        // A new result replaces the old one entirely.
        view.setResult(McpResultDecoder::toolResult(QJsonObject{{u"content"_s, QJsonArray{}}}));
        QVERIFY(view.blockWidgets().isEmpty());
        QVERIFY(!view.structuredView()->isVisibleTo(&view));
        QCOMPARE(view.headline()->text(), u"The tool returned nothing"_s);
    }

    void errorsLookLikeTheAppsErrors()
    {
        for (const QString &theme : {u"light"_s, u"dark"_s}) {
            applyTheme(theme);
            ToolResultView view;
            // Nothing called yet: nothing failed.
            QVERIFY(!view.findChild<QLabel *>(u"toolResultErrorIcon"_s)->isVisibleTo(&view));
            view.setResult(decodedResult(true));
            QVERIFY(view.isError());
            QVERIFY(view.headline()->isVisibleTo(&view));
            QCOMPARE(view.headline()->text(), u"The tool reported an error"_s);
            const QColor error = ErrorColour::on(view.palette());
            QCOMPARE(view.headline()->palette().color(QPalette::WindowText), error);
            QVERIFY(view.headline()->font().bold());
            QVERIFY(view.findChild<QLabel *>(u"toolResultErrorIcon"_s)->isVisibleTo(&view));
            QCOMPARE(
                qobject_cast<QPlainTextEdit *>(view.blockWidgets().at(0))->palette().color(QPalette::Text),
                error);
            // The same view showing a good result afterwards is not red.
            view.setResult(decodedResult(false));
            QVERIFY(view.headline()->palette().color(QPalette::WindowText) != error);
            QVERIFY(!view.findChild<QLabel *>(u"toolResultErrorIcon"_s)->isVisibleTo(&view));
            // A call that failed before any result (JSON-RPC error, network) in the same style.
            view.showFailure(u"Tool call failed: -32602 Invalid params"_s);
            QCOMPARE(view.headline()->palette().color(QPalette::WindowText), error);
            QVERIFY(view.blockWidgets().isEmpty());
        }
    }

    void hostileImagesAreNotDecoded()
    {
        // A PNG header claiming 100000 × 100000 pixels (40 GB decoded) and bytes that are no image.
        const QByteArray huge = QByteArray::fromBase64(
            "iVBORw0KGgoAAAANSUhEUgABhqAAAYagCAIAAAAnMJyfAAAAC0lEQVR4nGNggAEAAAoAAX+AdF4AAAAASUVORK5CYII=");
        const QJsonArray content{
            QJsonObject{{u"type"_s, u"image"_s},
                        {u"mimeType"_s, u"image/png"_s},
                        {u"data"_s, QString::fromLatin1(huge.toBase64())}},
            QJsonObject{
                {u"type"_s, u"image"_s}, {u"mimeType"_s, u"image/png"_s}, {u"data"_s, u"bm90IGFuIGltYWdl"_s}},
            QJsonObject{{u"type"_s, u"audio"_s}, {u"mimeType"_s, u"audio/wav"_s}, {u"data"_s, u"AAAA"_s}},
            QJsonObject{{u"type"_s, u"hologram"_s}, {u"beam"_s, u"x\u001b[2J"_s}},
        };
        ToolResultView view;
        view.setResult(McpResultDecoder::toolResult(QJsonObject{{u"content"_s, content}}));
        const QList<QWidget *> blocks = view.blockWidgets();
        QCOMPARE(blocks.size(), 4);
        for (int i = 0; i < 2; ++i) {
            auto *note = qobject_cast<QLabel *>(blocks.at(i));
            QVERIFY(note && note->pixmap().isNull());
            QVERIFY2(note->text().endsWith(u"could not be shown"_s), qPrintable(note->text()));
            QVERIFY(!view.openImage(i));
        }
        QVERIFY(qobject_cast<QLabel *>(blocks.at(2))->text().startsWith(u"Audio (audio/wav"_s));
        const QString unknown = qobject_cast<QLabel *>(blocks.at(3))->text();
        QVERIFY(unknown.contains(u"hologram"_s));
        // Shown as its JSON, where the escape character stays escaped.
        QVERIFY2(!unknown.contains(QChar(0x1b)) && unknown.contains(u"\\u001b"_s), qPrintable(unknown));
    }

    void toolResultScreenshots_data() { sizesAndThemes(); }
    void toolResultScreenshots()
    {
        QFETCH(QString, theme);
        QFETCH(QSize, size);
        applyTheme(theme);
        for (const bool isError : {false, true}) {
            QScrollArea area;
            area.setWidgetResizable(true);
            auto *view = new ToolResultView;
            view->setResult(decodedResult(isError));
            area.setWidget(view);
            area.resize(size);
            area.show();
            save(&area, u"mcp-toolresult-%1%2-%3x%4"_s.arg(isError ? u"error-"_s : QString(), theme)
                            .arg(size.width())
                            .arg(size.height()));
        }
    }
};

std::unique_ptr<QObject> McpWidgetsTest::newToolResultViewTest()
{
    return std::make_unique<TestToolResultView>();
}

#include "tst_toolresultview.moc"
