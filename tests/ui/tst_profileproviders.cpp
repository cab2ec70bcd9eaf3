// Profiles with a provider in the Settings dialog: the provider switch of the form, its errors, and a Blaxel
// profile saved beside a Klavis one (the import from the Blaxel CLI is tst_blaxelimportdialog). Keys go to a
// real gnome-keyring over a real D-Bus session: ctest starts this suite through
// tests/settings/with-keyring.sh.

#include "profilefixtures.h"

#include "preferences/apikeydialog.h"
#include "preferences/profileform.h"
#include "preferences/settingsdialog.h"
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
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

using namespace ProfileFixtures;

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

} // namespace

class TestProfileProviders final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY2(enterTestModeUnderKeyring(), "run under with-keyring.sh"); }

    void init() { clearSettings(); }

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
};

QTEST_MAIN(TestProfileProviders)
#include "tst_profileproviders.moc"
