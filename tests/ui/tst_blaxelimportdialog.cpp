// The import from the Blaxel CLI's configuration in the Settings dialog: what the CLI's file and environment
// hold, listed with masked keys, and the profiles it creates with their keys. Keys go to a real gnome-keyring
// over a real D-Bus session: ctest starts this suite through tests/settings/with-keyring.sh.

#include "profilefixtures.h"

#include "preferences/blaxelimportdialog.h"
#include "preferences/profileform.h"
#include "preferences/settingsdialog.h"
#include "settings/credentialstore.h"
#include "settings/profilestore.h"

#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPointer>
#include <QProcessEnvironment>
#include <QPushButton>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ProfileFixtures;

class TestBlaxelImportDialog final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY2(enterTestModeUnderKeyring(), "run under with-keyring.sh"); }

    void init() { clearSettings(); }

    // What the CLI's file holds, listed with masked keys and check boxes; the existing workspace disabled;
    // Import creates the rest with their keys.
    void importListsMaskedKeysAndImports()
    {
        ProfileStore profiles;
        CredentialStore credentials;
        profiles.addProfile(klavisProfile(u"Klavis"_s));
        profiles.addProfile(blaxelProfile(u"Mine"_s, u"personal"_s));
        SettingsDialog settings(&profiles, &credentials);
        settings.setBlaxelSources(fixture(u"two-workspaces.yaml"_s), QProcessEnvironment());
        settings.show();
        QVERIFY(settings.blaxelImportButton()->isVisible());
        QTest::mouseClick(settings.blaxelImportButton(), Qt::LeftButton);
        QPointer<BlaxelImportDialog> dialog = settings.findChild<BlaxelImportDialog *>();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        QCOMPARE(settings.openBlaxelImport(), dialog.data()); // one at a time

        QListWidget *list = dialog->list();
        QCOMPARE(list->count(), 2);
        QListWidgetItem *research = itemStartingWith(list, u"research"_s);
        QListWidgetItem *personal = itemStartingWith(list, u"personal"_s);
        QVERIFY(research && personal);
        QCOMPARE(research->checkState(), Qt::Checked);
        QVERIFY(research->flags() & Qt::ItemIsEnabled);
        QVERIFY2(research->text().contains(u"API key ••••cdef"_s), qPrintable(research->text()));
        QVERIFY(research->text().contains(u"current workspace"_s));
        QCOMPARE(personal->checkState(), Qt::Unchecked);
        QVERIFY(!(personal->flags() & Qt::ItemIsEnabled));
        QVERIFY2(personal->text().contains(u"already profile “Mine”"_s), qPrintable(personal->text()));
        QVERIFY(personal->text().contains(u"login token"_s));
        for (int row = 0; row < list->count(); ++row) {
            QVERIFY(!list->item(row)->text().contains(u"bl_fake"_s));
            QVERIFY(!list->item(row)->text().contains(u"eyJhbGci"_s));
        }
        QVERIFY(!dialog->notes()->isVisible());

        // Nothing checked: Import says so and does nothing.
        research->setCheckState(Qt::Unchecked);
        QTest::mouseClick(dialog->okButton(), Qt::LeftButton);
        QVERIFY(dialog->statusText().contains(u"at least one"_s));
        QCOMPARE(profiles.profiles().size(), 2);

        research->setCheckState(Qt::Checked);
        QTest::mouseClick(dialog->okButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(dialog.isNull(), kWaitMs); // accepted and deleted
        const Profile imported = profiles.blaxelProfileFor(u"research"_s, BlaxelHosts::defaultBaseUrl());
        QVERIFY(imported.isValid());
        QCOMPARE(imported.name, u"Blaxel research"_s);
        QCOMPARE(readKey(credentials, imported.id), u"bl_fake_research_key_0123456789abcdef"_s);
        QVERIFY(settings.profileList()->currentItem());
        QCOMPARE(settings.profileList()->currentItem()->text(), u"Blaxel research (Blaxel)"_s);
        QCOMPARE(settings.form()->workspaceField()->text(), u"research"_s);
        QVERIFY2(settings.statusText().contains(u"Created: Blaxel research."_s),
                 qPrintable(settings.statusText()));
        credentials.deleteKey(imported.id, imported.provider);
    }

    void importOfATokenSaysItExpires()
    {
        ProfileStore profiles;
        CredentialStore credentials;
        profiles.addProfile(blaxelProfile(u"Research"_s, u"research"_s));
        SettingsDialog settings(&profiles, &credentials);
        settings.setBlaxelSources(fixture(u"two-workspaces.yaml"_s), QProcessEnvironment());
        QPointer<BlaxelImportDialog> dialog = settings.openBlaxelImport();
        QTest::mouseClick(dialog->okButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(dialog.isNull(), kWaitMs);
        QVERIFY2(settings.statusText().contains(u"expires"_s), qPrintable(settings.statusText()));
        const Profile personal = profiles.blaxelProfileFor(u"personal"_s, BlaxelHosts::defaultBaseUrl());
        QVERIFY(personal.isValid());
        credentials.deleteKey(personal.id, personal.provider);
    }

    void importExplainsWhatItCannotUse_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("note");
        QTest::newRow("malformed") << u"malformed.yaml"_s << u"is not valid YAML (line"_s;
        QTest::newRow("not the CLI's") << u"not-a-map.yaml"_s << u"not a Blaxel CLI configuration"_s;
        QTest::newRow("missing") << u"absent.yaml"_s << u"Nothing to import"_s;
    }

    void importExplainsWhatItCannotUse()
    {
        QFETCH(QString, file);
        QFETCH(QString, note);
        ProfileStore profiles;
        CredentialStore credentials;
        SettingsDialog settings(&profiles, &credentials);
        settings.setBlaxelSources(fixture(file), QProcessEnvironment());
        settings.show();
        BlaxelImportDialog *dialog = settings.openBlaxelImport();
        QVERIFY(dialog->isVisible());
        QVERIFY(dialog->notes()->isVisible());
        QVERIFY2(dialog->notes()->text().contains(note), qPrintable(dialog->notes()->text()));
        QVERIFY(!dialog->list()->isVisible());
        QVERIFY(!dialog->okButton()->isEnabled());
        dialog->reject();
        QVERIFY(profiles.isEmpty());
    }

    // The environment's key, with BL_WORKSPACE, listed first and imported like the file's.
    void importFromTheEnvironment()
    {
        ProfileStore profiles;
        CredentialStore credentials;
        SettingsDialog settings(&profiles, &credentials);
        QProcessEnvironment env;
        env.insert(u"BL_API_KEY"_s, u"bl_fake_env_key_abcdefghij"_s);
        env.insert(u"BL_WORKSPACE"_s, u"ci"_s);
        env.insert(u"BL_API_URL"_s, u"http://127.0.0.1:8931/v0"_s);
        settings.setBlaxelSources(fixture(u"absent.yaml"_s), env);
        QPointer<BlaxelImportDialog> dialog = settings.openBlaxelImport();
        QCOMPARE(dialog->list()->count(), 1);
        const QString text = dialog->list()->item(0)->text();
        QVERIFY2(text.startsWith(u"ci — API key ••••ghij — from BL_API_KEY"_s), qPrintable(text));
        QVERIFY(text.contains(u"http://127.0.0.1:8931/v0"_s));
        QTest::mouseClick(dialog->okButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(dialog.isNull(), kWaitMs);
        const Profile ci = profiles.blaxelProfileFor(u"ci"_s, QUrl(u"http://127.0.0.1:8931/v0"_s));
        QVERIFY(ci.isValid());
        QCOMPARE(readKey(credentials, ci.id), u"bl_fake_env_key_abcdefghij"_s);
        credentials.deleteKey(ci.id, ci.provider);
    }
};

QTEST_MAIN(TestBlaxelImportDialog)
#include "tst_blaxelimportdialog.moc"
