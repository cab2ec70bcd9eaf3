// Profiles with a provider in the Settings dialog: the provider switch of the form, a Blaxel profile saved
// beside a Klavis one, and the import from the Blaxel CLI's configuration. Keys go to a real gnome-keyring
// over a real D-Bus session: ctest starts this suite through tests/settings/with-keyring.sh.

#include "catalog/blaxelhosts.h"
#include "catalog/klavishosts.h"
#include "dialogs/apikeydialog.h"
#include "dialogs/blaxelimportdialog.h"
#include "dialogs/profileform.h"
#include "dialogs/settingsdialog.h"
#include "settings/credentialstore.h"
#include "settings/profilestore.h"

#include <QApplication>
#include <QComboBox>
#include <QDateTime>
#include <QDirIterator>
#include <QFile>
#include <QFormLayout>
#include <QLabel>
#include <QLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

constexpr int kWaitMs = 20'000;

QString fixture(const QString &name)
{
    return QStringLiteral(SANDBOXDECK_TEST_DATA_DIR) + u"/blaxel/config/"_s + name;
}

QString readKey(CredentialStore &store, const QString &profileId)
{
    QSignalSpy spy(&store, &CredentialStore::keyRead);
    store.readKey(profileId, BlaxelHosts::defaultBaseUrl(), Profile::Provider::Blaxel);
    if (spy.isEmpty() && !spy.wait(kWaitMs))
        return u"no answer"_s;
    const QList<QVariant> args = spy.takeFirst();
    return args.at(2).toString().isEmpty() ? args.at(1).toString() : u"error: "_s + args.at(2).toString();
}

Profile klavisProfile(const QString &name)
{
    Profile profile;
    profile.name = name;
    profile.baseUrl = KlavisHosts::defaultBaseUrl();
    return profile;
}

Profile blaxelProfile(const QString &name, const QString &workspace)
{
    Profile profile;
    profile.name = name;
    profile.provider = Profile::Provider::Blaxel;
    profile.baseUrl = BlaxelHosts::defaultBaseUrl();
    profile.workspace = workspace;
    return profile;
}

void selectProvider(ProfileForm *form, Profile::Provider provider)
{
    QComboBox *combo = form->providerField();
    combo->setCurrentIndex(combo->findData(Profile::providerId(provider)));
}

void typeInto(QLineEdit *field, const QString &text)
{
    field->setFocus();
    field->selectAll();
    QTest::keyClicks(field, text);
}

QListWidgetItem *itemStartingWith(QListWidget *list, const QString &prefix)
{
    for (int row = 0; row < list->count(); ++row) {
        if (list->item(row)->text().startsWith(prefix))
            return list->item(row);
    }
    return nullptr;
}

} // namespace

class TestProfileProviders final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY2(!qEnvironmentVariable("SANDBOXDECK_KEYRING_SANDBOX").isEmpty(), "run under with-keyring.sh");
    }

    void init()
    {
        QSettings settings(u"SandboxDeck"_s, u"SandboxDeck"_s);
        settings.clear();
        settings.sync();
    }

    void formSwitchesProvider()
    {
        ProfileForm form;
        form.setProviderSelectable(true);
        form.setProfile(klavisProfile(QString()), false);
        form.show();
        QVERIFY(form.isRowShown(form.providerField()));
        QVERIFY(!form.isRowShown(form.workspaceField()));
        QVERIFY(form.isRowShown(form.regionField()));
        QCOMPARE(form.endpointField()->count(), int(KlavisHosts::all().size()) + 1);
        QCOMPARE(form.nameField()->text(), u"Klavis"_s);
        QVERIFY(form.keyField()->placeholderText().contains(u"Klavis"_s));

        selectProvider(&form, Profile::Provider::Blaxel);
        QVERIFY(form.isRowShown(form.workspaceField()));
        QVERIFY(!form.isRowShown(form.regionField())); // a Klavis notion
        QCOMPARE(form.endpointField()->count(), 2);    // Blaxel, Custom URL…
        QCOMPARE(form.customUrlField()->text(), u"https://api.blaxel.ai/v0"_s);
        QVERIFY(!form.customUrlField()->isEnabled());
        QCOMPARE(form.nameField()->text(), u"Blaxel"_s);
        QVERIFY(form.keyField()->placeholderText().contains(u"Blaxel"_s));
        typeInto(form.workspaceField(), u"research"_s);
        QCOMPARE(form.nameField()->text(), u"Blaxel research"_s);

        // The emulator: a custom loopback URL.
        form.endpointField()->setCurrentIndex(1);
        QVERIFY(form.customUrlField()->isEnabled());
        typeInto(form.customUrlField(), u"http://127.0.0.1:8931/v0"_s);
        const Profile blaxel = form.profile();
        QVERIFY(blaxel.provider == Profile::Provider::Blaxel);
        QCOMPARE(blaxel.workspace, u"research"_s);
        QCOMPARE(blaxel.baseUrl, QUrl(u"http://127.0.0.1:8931/v0"_s));
        QCOMPARE(blaxel.name, u"Blaxel research"_s);

        // Back to Klavis: its default API, and no workspace in the profile.
        selectProvider(&form, Profile::Provider::Klavis);
        QCOMPARE(form.customUrlField()->text(), KlavisHosts::defaultBaseUrl().toString());
        QVERIFY(form.profile().provider == Profile::Provider::Klavis);
        QVERIFY(form.profile().workspace.isEmpty());
        QCOMPARE(form.profile().name, u"Klavis"_s);
        QVERIFY(!form.isRowShown(form.workspaceField()));
    }

    // The first-run prompt connects Klavis only: it offers no provider.
    void keyPromptHasNoProviderChoice()
    {
        ApiKeyDialog dialog(ApiKeyDialog::Reason::FirstRun, Profile{});
        auto *form = dialog.findChild<ProfileForm *>();
        QVERIFY(form);
        QVERIFY(!form->isRowShown(form->providerField()));
        QVERIFY(!form->isRowShown(form->workspaceField()));
        QVERIFY(form->profile().provider == Profile::Provider::Klavis);
    }

    // Each complaint stands right under its field, in the settings dialog as the other forms do.
    void errorsStandBesideTheirFields()
    {
        ProfileStore profiles;
        CredentialStore credentials;
        const QString klavis = profiles.addProfile(klavisProfile(u"Klavis"_s));
        SettingsDialog dialog(&profiles, &credentials);
        dialog.resize(900, 560);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        ProfileForm *form = dialog.form();

        // A Klavis profile turned Blaxel: the workspace is missing, then the stored (Klavis) key cannot
        // serve.
        selectProvider(form, Profile::Provider::Blaxel);
        QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
        QVERIFY(dialog.isVisible());
        const QString workspaceError = form->fieldError(ProfileForm::Field::Workspace);
        QVERIFY2(workspaceError.contains(u"workspace"_s), qPrintable(workspaceError));
        QCOMPARE(dialog.statusText(), workspaceError);
        auto *label = form->findChild<QLabel *>(u"profileError%1"_s.arg(int(ProfileForm::Field::Workspace)));
        QVERIFY(label && label->isVisible());
        const auto top = [form](QWidget *widget) { return widget->mapTo(form, QPoint()).y(); };
        QVERIFY(top(label) >= top(form->workspaceField()) + form->workspaceField()->height());
        QVERIFY(top(label) + label->height() <= top(form->keyField()));
        // Not clipped, even with the dialog at its smallest.
        dialog.resize(dialog.minimumSize());
        QCoreApplication::processEvents();
        // Twice, as tst_forms does: the first pass may raise the minimum height for the wrapped lines.
        dialog.resize(dialog.minimumWidth(), 0);
        QCoreApplication::processEvents();
        QVERIFY2(
            label->heightForWidth(label->width()) <= label->height(),
            qPrintable(
                u"%1 needed, %2 given"_s.arg(label->heightForWidth(label->width())).arg(label->height())));

        typeInto(form->workspaceField(), u"bad name"_s);
        QVERIFY(form->fieldError(ProfileForm::Field::Workspace).isEmpty()); // editing takes it away
        QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
        QVERIFY(form->fieldError(ProfileForm::Field::Workspace).contains(u"letters, digits"_s));

        typeInto(form->workspaceField(), u"research"_s);
        QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
        QVERIFY(form->fieldError(ProfileForm::Field::Workspace).isEmpty());
        QVERIFY2(form->fieldError(ProfileForm::Field::Key).contains(u"Enter the API key"_s),
                 qPrintable(form->fieldError(ProfileForm::Field::Key)));
        QVERIFY(dialog.isVisible());
        QVERIFY(profiles.profile(klavis).provider == Profile::Provider::Klavis); // nothing saved

        // A name another profile has: under the name.
        profiles.addProfile(blaxelProfile(u"Taken"_s, u"taken"_s));
        typeInto(form->nameField(), u"taken"_s);
        form->keyField()->setText(u"bl_fake_typed_key_1234567890"_s);
        QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
        QVERIFY2(form->fieldError(ProfileForm::Field::Name).contains(u"already exists"_s),
                 qPrintable(form->fieldError(ProfileForm::Field::Name)));
    }

    // A Blaxel profile saved beside a Klavis one: both in use, the key in the keychain only.
    void savesABlaxelProfileBesideKlavis()
    {
        ProfileStore profiles;
        CredentialStore credentials;
        const QString klavis = profiles.addProfile(klavisProfile(u"Klavis"_s));
        SettingsDialog dialog(&profiles, &credentials);
        QSignalSpy klavisActivated(&dialog, &SettingsDialog::profileActivated);
        QSignalSpy blaxelActivated(&dialog, &SettingsDialog::blaxelProfileActivated);
        dialog.show();
        // "Add" makes a new (Klavis) profile and selects it.
        QPushButton *add = nullptr;
        for (QPushButton *button : dialog.findChildren<QPushButton *>())
            if (button->text() == u"&Add"_s)
                add = button;
        QVERIFY(add);
        const int before = dialog.profileList()->count();
        QTest::mouseClick(add, Qt::LeftButton);
        QCOMPARE(dialog.profileList()->count(), before + 1);
        ProfileForm *form = dialog.form();
        selectProvider(form, Profile::Provider::Blaxel);
        typeInto(form->workspaceField(), u"research"_s);
        typeInto(form->nameField(), u"Research"_s);
        const QString key = u"bl_fake_settings_key_"_s + QString::number(QDateTime::currentMSecsSinceEpoch());
        typeInto(form->keyField(), key);
        QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(dialog.result(), int(QDialog::Accepted), kWaitMs);

        const Profile saved = profiles.profile(blaxelActivated.value(0).value(0).toString());
        QCOMPARE(blaxelActivated.count(), 1);
        QCOMPARE(klavisActivated.count(), 0); // the Klavis connection is left alone
        QVERIFY(saved.provider == Profile::Provider::Blaxel);
        QCOMPARE(saved.name, u"Research"_s);
        QCOMPARE(saved.workspace, u"research"_s);
        QCOMPARE(saved.baseUrl, BlaxelHosts::defaultBaseUrl());
        QCOMPARE(profiles.currentProfile().id, klavis);
        QCOMPARE(profiles.currentProfile(Profile::Provider::Blaxel).id, saved.id);
        QCOMPARE(readKey(credentials, saved.id), key);

        QFile file(profiles.settingsFileName());
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY(text.contains("workspace=research"));
        QVERIFY(!text.contains("bl_fake_settings_key"));

        // Both show in bold as in use when the dialog opens again.
        SettingsDialog again(&profiles, &credentials);
        QListWidgetItem *research = itemStartingWith(again.profileList(), u"Research (Blaxel)"_s);
        QVERIFY(research);
        QVERIFY(research->font().bold());
        QVERIFY(itemStartingWith(again.profileList(), u"Klavis"_s)->font().bold());
        QCOMPARE(again.profileList()->count(), 2); // "New profile" became "Research"
        credentials.deleteKey(saved.id, saved.provider);
    }

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

QTEST_MAIN(TestProfileProviders)
#include "tst_profileproviders.moc"
