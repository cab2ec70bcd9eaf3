// The acquire dialogs and the MCP client config, driven through their real widgets.
#include "api/apierror.h"
#include "api/apikeypolicy.h"
#include "catalog/mcpclientconfig.h"
#include "testwidgets.h"

#include "common/confirmationbox.h"
#include "common/errorcolour.h"
#include "common/newfolderdialog.h"
#include "klavis/acquiredialog.h"
#include "local/localacquiredialog.h"
#include "models/statuskind.h"
#include "preferences/apikeydialog.h"
#include "preferences/profileform.h"
#include "transfers/uploadconfirmdialog.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace {

QCheckBox *noAutoReleaseBox(QWidget *dialog)
{
    for (QCheckBox *box : dialog->findChildren<QCheckBox *>()) {
        if (box->text().contains(u"auto-release"_s))
            return box;
    }
    return nullptr;
}

} // namespace

using TestWidgets::emailEdit;
using TestWidgets::typeInto;

class TstDialogs final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // A typed name that does not exist yet is a new folder, made and chosen; Qt's own folder dialog answered
    // it with "Directory not found".
    void theNewFolderPickerTakesATypedNewName()
    {
        QTemporaryDir parent;
        QVERIFY(parent.isValid());
        NewFolderDialog dialog(nullptr, u"Extract into a new or empty folder"_s, parent.path());
        dialog.setOption(QFileDialog::DontUseNativeDialog); // the widgets below are Qt's own
        dialog.show();
        auto *name = dialog.findChild<QLineEdit *>(u"fileNameEdit"_s);
        QVERIFY(name);
        name->setText(u"results-1"_s);
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(QFileInfo(dialog.selectedFiles().value(0)).absoluteFilePath(),
                 QFileInfo(parent.filePath(u"results-1"_s)).absoluteFilePath());
        QVERIFY(QFileInfo(parent.filePath(u"results-1"_s)).isDir());

        // A name under a folder that does not exist is not made.
        NewFolderDialog deep(nullptr, u"Deep"_s, parent.path());
        deep.setOption(QFileDialog::DontUseNativeDialog);
        deep.show();
        QTimer::singleShot(0, &deep, [] {
            if (QWidget *warning = QApplication::activeModalWidget())
                warning->close();
        });
        deep.findChild<QLineEdit *>(u"fileNameEdit"_s)->setText(u"missing/inner"_s);
        deep.accept();
        QVERIFY(deep.result() != int(QDialog::Accepted));
        QVERIFY(!QFileInfo::exists(parent.filePath(u"missing"_s)));
    }

    void typingFiltersTheCompleter()
    {
        AcquireDialog dialog({u"Calcom-legacy"_s});
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QComboBox *combo = dialog.serverCombo();
        QVERIFY(combo->findText(u"Calcom-legacy"_s) >= 0); // the extra server is offered
        QTest::keyClicks(combo->lineEdit(), u"DRIVE"_s);
        QCompleter *completer = dialog.serverCompleter();
        QCOMPARE(completer->completionPrefix(), u"DRIVE"_s);
        QStringList matches;
        for (int row = 0; row < completer->completionModel()->rowCount(); ++row)
            matches << completer->completionModel()->index(row, 0).data().toString();
        // Contains, case-insensitive: a suffix match is found too.
        QCOMPARE(matches, (QStringList{u"google_drive"_s, u"onedrive"_s}));
    }

    void unknownServerIsAccepted()
    {
        AcquireDialog dialog({});
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTest::keyClicks(dialog.serverCombo()->lineEdit(), u"brand_new_server"_s);
        dialog.serverCompleter()->popup()->hide();
        QSignalSpy submitted(&dialog, &FormDialog::submitted);
        QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
        QCOMPARE(submitted.size(), 1);
        QCOMPARE(dialog.request().serverName, u"brand_new_server"_s);
        QVERIFY(dialog.isVisible()); // stays open until the caller accepts
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        QCOMPARE(dialog.serverCombo()->findText(u"brand_new_server"_s), -1); // not added to the list

        dialog.setServer(u"GMAIL"_s); // known names match case-insensitively
        QCOMPARE(dialog.request().serverName, u"gmail"_s);
    }

    void emptyServerBlocksSubmit()
    {
        AcquireDialog dialog({});
        dialog.show();
        QSignalSpy submitted(&dialog, &FormDialog::submitted);
        QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
        QCOMPARE(submitted.size(), 0);
        QVERIFY(!dialog.fieldError(u"server_name"_s).isEmpty());
        QVERIFY(!dialog.statusText().isEmpty());
    }

    void invalidEmailBlocksSubmit()
    {
        AcquireDialog dialog({});
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.setServer(u"gmail"_s);
        QLineEdit *email = emailEdit(&dialog);
        QVERIFY(email);
        QTest::keyClicks(email, u"qa-bot at klavis"_s);
        QSignalSpy submitted(&dialog, &FormDialog::submitted);
        QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
        QCOMPARE(submitted.size(), 0);
        QVERIFY(dialog.fieldError(u"test_account_email"_s).contains(u"email"_s));
        auto *label = dialog.findChild<QLabel *>(u"error_test_account_email"_s);
        QVERIFY(label && label->isVisible());

        // Editing takes the complaint away; a good address goes through.
        email->selectAll();
        QTest::keyClicks(email, u"qa-bot-17@klavis-test.com"_s);
        QVERIFY(!label->isVisible());
        QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
        QCOMPARE(submitted.size(), 1);
        QCOMPARE(dialog.request().testAccountEmail, u"qa-bot-17@klavis-test.com"_s);
    }

    void ttlMapsIntoTheRequest_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<bool>("noAutoRelease");
        QTest::addColumn<int>("expectedTtl"); // -1: nullopt
        QTest::newRow("default") << QString() << false << 7200;
        QTest::newRow("one hour") << u"3600"_s << false << 3600;
        // Kept as typed (validate() refuses it beside the field; tst_forms), never clamped or reverted.
        QTest::newRow("above the maximum stays as typed") << u"99999"_s << false << 99999;
        QTest::newRow("no auto-release") << QString() << true << -1;
    }

    void ttlMapsIntoTheRequest()
    {
        QFETCH(QString, typed);
        QFETCH(bool, noAutoRelease);
        QFETCH(int, expectedTtl);
        AcquireDialog dialog({});
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.setServer(u"github"_s);
        auto *spin = dialog.findChild<QSpinBox *>();
        QVERIFY(spin);
        if (!typed.isEmpty())
            typeInto(spin, typed);
        QCheckBox *box = noAutoReleaseBox(&dialog);
        QVERIFY(box);
        if (noAutoRelease)
            QTest::mouseClick(box, Qt::LeftButton, {}, QPoint(4, box->height() / 2));
        QCOMPARE(box->isChecked(), noAutoRelease);
        QCOMPARE(spin->isEnabled(), !noAutoRelease);
        const AcquireRequest request = dialog.request();
        QCOMPARE(request.noAutoRelease, noAutoRelease);
        QCOMPARE(request.ttlSeconds.value_or(-1), expectedTtl);
    }

    void benchmarkAndTag()
    {
        AcquireDialog dialog({});
        dialog.setServer(u"slack"_s);
        QCOMPARE(dialog.request().benchmark, QString());
        auto *benchmark = dialog.findChildren<QComboBox *>().constLast();
        QVERIFY(benchmark != dialog.serverCombo());
        benchmark->setCurrentIndex(benchmark->findText(u"Toolathlon"_s));
        dialog.setTag(u" run-42 "_s);
        QCOMPARE(dialog.request().benchmark, u"Toolathlon"_s);
        QCOMPARE(dialog.request().tag, u"run-42"_s);
    }

    void serverErrorAppearsUnderItsField()
    {
        AcquireDialog dialog({});
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.setServer(u"gmail"_s);
        QSignalSpy submitted(&dialog, &FormDialog::submitted);
        QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
        QCOMPARE(submitted.size(), 1);
        dialog.setBusy(true, u"Acquiring…"_s);
        QVERIFY(!dialog.okButton()->isEnabled());
        QVERIFY(!dialog.serverCombo()->isEnabled());
        QCOMPARE(dialog.statusText(), u"Acquiring…"_s);

        const ApiError error = ApiError::http(
            422,
            R"({"detail":[{"loc":["body","ttl_seconds"],"msg":"Input should be less than or equal to 86400","type":"less_than_equal"}]})");
        dialog.showServerError(error);
        QVERIFY(!dialog.isBusy());
        QVERIFY(dialog.okButton()->isEnabled());
        QCOMPARE(dialog.fieldError(u"ttl_seconds"_s), u"Input should be less than or equal to 86400"_s);
        auto *label = dialog.findChild<QLabel *>(u"error_ttl_seconds"_s);
        QVERIFY(label && label->isVisible());
        // Right under the TTL row.
        auto *spin = dialog.findChild<QSpinBox *>();
        QVERIFY(label->mapTo(&dialog, QPoint()).y() > spin->mapTo(&dialog, QPoint()).y());
        QCOMPARE(dialog.statusText(), error.message());
        QVERIFY(dialog.isVisible());
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        QVERIFY(dialog.fieldError(u"server_name"_s).isEmpty());
    }

    void otherServerErrorsGoToTheStatusLine()
    {
        AcquireDialog dialog({});
        dialog.show();
        dialog.showServerError(ApiError::http(
            422,
            R"({"detail":[{"loc":["query","region"],"msg":"Input should be 'us' or 'asia'","type":"enum"}]})"));
        QVERIFY(dialog.statusText().contains(u"region: Input should be 'us' or 'asia'"_s));
        const ApiError busy = ApiError::http(503, R"({"detail":"No idle sandbox for gmail"})");
        dialog.showServerError(busy);
        QCOMPARE(dialog.statusText(), busy.fullText());
        QVERIFY(dialog.statusText().contains(u"No idle sandbox"_s));
    }

    void localAllSendsAll()
    {
        LocalAcquireDialog dialog;
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QCOMPARE(dialog.serverList()->count(), 16);
        QCheckBox *all = dialog.allServersCheckBox();
        QTest::mouseClick(all, Qt::LeftButton, {}, QPoint(4, all->height() / 2));
        QVERIFY(all->isChecked());
        QVERIFY(!dialog.serverList()->isEnabled());
        QCOMPARE(dialog.serverList()->item(5)->checkState(), Qt::Checked);
        QSignalSpy submitted(&dialog, &FormDialog::submitted);
        QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
        QCOMPARE(submitted.size(), 1);
        const LocalAcquireRequest request = dialog.request();
        QVERIFY(request.allServers);
        QVERIFY(request.serverNames.isEmpty());
        QCOMPARE(request.ttlSeconds.value_or(-1), 7200);

        // Unticking gives back the user's own (empty) choice.
        QTest::mouseClick(all, Qt::LeftButton, {}, QPoint(4, all->height() / 2));
        QCOMPARE(dialog.serverList()->item(5)->checkState(), Qt::Unchecked);
    }

    void localNoneCheckedBlocksSubmit()
    {
        LocalAcquireDialog dialog;
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QSignalSpy submitted(&dialog, &FormDialog::submitted);
        QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
        QCOMPARE(submitted.size(), 0);
        QVERIFY(!dialog.fieldError(u"server_names"_s).isEmpty());

        // Space on the current item checks it, as a keyboard user would.
        QListWidget *list = dialog.serverList();
        list->setFocus();
        list->setCurrentRow(0);
        QTest::keyClick(list, Qt::Key_Space);
        list->setCurrentRow(1);
        QTest::keyClick(list, Qt::Key_Space);
        QVERIFY(dialog.fieldError(u"server_names"_s).isEmpty());
        QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
        QCOMPARE(submitted.size(), 1);
        QCOMPARE(dialog.request().serverNames, (QStringList{u"filesystem"_s, u"git"_s}));
        QVERIFY(!dialog.request().allServers);
    }

    void localServerErrorOnServerNames()
    {
        LocalAcquireDialog dialog;
        dialog.show();
        dialog.setCheckedServers({u"git"_s});
        dialog.showServerError(ApiError::http(
            422,
            R"({"detail":[{"loc":["body","server_names",0],"msg":"Input should be 'filesystem', 'git'","type":"enum"}]})"));
        QVERIFY(dialog.fieldError(u"server_names"_s).startsWith(u"Input should be"_s));
    }

    void mcpClientConfigParsesBack()
    {
        const QByteArray json = McpClientConfig::build({
            {u"gmail"_s, u"https://gmail-mcp-server.klavis.ai/mcp/?instance_id=a"_s},
            {u"github"_s, u"https://github-mcp-server.klavis.ai/mcp/?instance_id=b"_s},
            {u"gmail"_s, u"https://gmail-mcp-server.klavis.ai/mcp/?instance_id=c"_s},
            {u"gmail"_s, u"https://gmail-mcp-server.klavis.ai/mcp/?instance_id=d"_s},
            {QString(), u"https://example.invalid/mcp"_s},
        });
        QVERIFY(json.contains('\n')); // indented, for pasting into a config file
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
        QCOMPARE(parseError.error, QJsonParseError::NoError);
        const QJsonObject servers = document[u"mcpServers"_s].toObject();
        QCOMPARE(servers.keys(),
                 (QStringList{u"github"_s, u"gmail"_s, u"gmail-2"_s, u"gmail-3"_s, u"server"_s}));
        QCOMPARE(servers[u"gmail"_s][u"url"_s].toString(),
                 u"https://gmail-mcp-server.klavis.ai/mcp/?instance_id=a"_s);
        QCOMPARE(servers[u"gmail-3"_s][u"url"_s].toString(),
                 u"https://gmail-mcp-server.klavis.ai/mcp/?instance_id=d"_s);
        QCOMPARE(McpClientConfig::build({}).trimmed(), QByteArray("{\n    \"mcpServers\": {\n    }\n}"));
    }

    // The key prompt refuses a key that would add a header of its own, beside the field, without
    // repeating the key.
    void keyPromptRefusesALineBreak_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("named");
        QTest::newRow("CR LF and a header") << u"sk-live\r\nX-Injected: 1"_s << u"carriage return (CR)"_s;
        QTest::newRow("LF inside") << u"sk-live\nrest"_s << u"line break (LF)"_s;
        QTest::newRow("ESC") << u"sk-\x1b[2Jlive"_s << u"U+001B"_s;
    }

    void keyPromptRefusesALineBreak()
    {
        QFETCH(QString, typed);
        QFETCH(QString, named);
        ApiKeyDialog dialog(ApiKeyDialog::Reason::FirstRun, Profile{});
        dialog.show();
        dialog.form()->nameField()->setText(u"Klavis"_s);
        dialog.form()->keyField()->setText(typed);
        QSignalSpy submitted(&dialog, &FormDialog::submitted);
        QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
        QCOMPARE(submitted.size(), 0);
        const QString error = dialog.fieldError(u"api_key"_s);
        QVERIFY2(error.contains(named), qPrintable(error));
        QVERIFY2(!error.contains(u"sk-"_s) && !error.contains(u"Injected"_s), qPrintable(error));
        QCOMPARE(dialog.key(), QString()); // nothing usable to save or send
        QVERIFY(dialog.form()->keyNote()->isHidden());
        // Typing again takes the complaint away.
        QTest::keyClick(dialog.form()->keyField(), Qt::Key_Backspace);
        QCOMPARE(dialog.fieldError(u"api_key"_s), QString());
    }

    void keyPromptTrimsTrailingWhitespaceAndSaysSo()
    {
        ApiKeyDialog dialog(ApiKeyDialog::Reason::KeyRefused,
                            Profile{u"id"_s, u"Work"_s, QUrl(u"https://api.example.com"_s)});
        dialog.show();
        QVERIFY(dialog.form()->keyNote()->isHidden());
        dialog.form()->keyField()->setText(u"sk-live-1234"_s);
        QVERIFY(dialog.form()->keyNote()->isHidden()); // nothing to trim, nothing said
        QTest::keyClicks(dialog.form()->keyField(), u" \t "_s);
        QVERIFY(!dialog.form()->keyNote()->isHidden());
        QCOMPARE(dialog.form()->keyNote()->text(), ApiKeyPolicy::trimmedNote());
        QSignalSpy submitted(&dialog, &FormDialog::submitted);
        QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
        QCOMPARE(submitted.size(), 1);
        QCOMPARE(dialog.fieldError(u"api_key"_s), QString());
        QCOMPARE(dialog.key(), u"sk-live-1234"_s);
    }

    // The warning the caller gives (the Local view's for an idle sandbox, tested in tst_workspaceview) is
    // shown only when there is one, and its colour follows the palette like FormDialog's error lines instead
    // of staying what it was at construction.
    void uploadWarningFollowsPalette()
    {
        UploadConfirmDialog occupied(u"20a9"_s, {}, {u"Upload?"_s, u"Merged."_s, {}});
        QVERIFY(occupied.warningText().isEmpty());
        QVERIFY(!occupied.findChild<QLabel *>(u"uploadWarning"_s)->isVisibleTo(&occupied));
        UploadConfirmDialog idle(u"20a9"_s, {}, {u"Upload?"_s, u"Merged."_s, u"This sandbox is idle."_s});
        QCOMPARE(idle.warningText(), u"This sandbox is idle."_s);
        auto *warning = idle.findChild<QLabel *>(u"uploadWarning"_s);
        QVERIFY(warning);

        QPalette dark = idle.palette();
        dark.setColor(QPalette::Window, QColor(0x20, 0x20, 0x20));
        idle.setPalette(dark);
        QCOMPARE(warning->palette().color(QPalette::WindowText), ErrorColour::on(dark));
        QPalette light = idle.palette();
        light.setColor(QPalette::Window, QColor(0xf0, 0xf0, 0xf0));
        idle.setPalette(light);
        QCOMPARE(warning->palette().color(QPalette::WindowText), ErrorColour::on(light));
        QVERIFY(ErrorColour::on(dark) != ErrorColour::on(light));
    }

    // Both sandbox pages skip the same sandboxes in Release and Reset, and say so in the same words.
    void releaseSkipsIdleAndFailedAndSaysHowMany()
    {
        QVERIFY(StatusKind::isReleasable(StatusKind::of(u"occupied"_s)));
        QVERIFY(StatusKind::isReleasable(StatusKind::of(u"provisioning"_s))); // unknown: may be held
        QVERIFY(!StatusKind::isReleasable(StatusKind::of(u" Idle"_s)));
        QVERIFY(!StatusKind::isReleasable(StatusKind::of(u"error"_s)));
        QVERIFY(ConfirmationBox::leftOutNote(0).isEmpty());
        QVERIFY2(ConfirmationBox::leftOutNote(2).startsWith(u" 2 idle or failed sandbox"_s),
                 qPrintable(ConfirmationBox::leftOutNote(2)));
    }
};

QTEST_MAIN(TstDialogs)
#include "tst_dialogs.moc"
