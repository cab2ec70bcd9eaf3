#include "catalog/klavishosts.h"
#include "settings/languagesetting.h"
#include "settings/profilestore.h"
#include "settings/settingsfile.h"
#include "settings/themesetting.h"

#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace {

Profile makeProfile(const QString &name, const QString &url = u"https://api.example.com"_s,
                    const QString &region = u"us"_s)
{
    Profile profile;
    profile.name = name;
    profile.baseUrl = QUrl(url);
    profile.region = region;
    return profile;
}

Profile makeBlaxel(const QString &name, const QString &workspace,
                   const QString &url = u"https://api.blaxel.ai/v0"_s)
{
    Profile profile = makeProfile(name, url);
    profile.provider = Profile::Provider::Blaxel;
    profile.workspace = workspace;
    return profile;
}

} // namespace

class TestProfileStore final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        // Never touch a real user's settings: QSettings now lives under ~/.qttest.
        QStandardPaths::setTestModeEnabled(true);
        QSettings settings(u"SandboxDeck"_s, u"SandboxDeck"_s);
        QVERIFY2(settings.fileName().contains(u".qttest"_s), qPrintable(settings.fileName()));
    }

    void init()
    {
        QSettings settings(u"SandboxDeck"_s, u"SandboxDeck"_s);
        settings.clear();
        settings.sync();
    }

    void regions() { QCOMPARE(ProfileStore::regions(), (QStringList{u"us"_s, u"asia"_s})); }

    void startsEmpty()
    {
        ProfileStore store;
        QVERIFY(store.isEmpty());
        QVERIFY(store.profiles().isEmpty());
        QVERIFY(!store.currentProfile().isValid());
        QVERIFY(!store.profile(u"nope"_s).isValid());
        QVERIFY(!store.setCurrentProfile(u"nope"_s));
    }

    void addMakesIdAndFirstBecomesCurrent()
    {
        ProfileStore store;
        QSignalSpy changed(&store, &ProfileStore::profilesChanged);
        QSignalSpy current(&store, &ProfileStore::currentProfileChanged);

        const QString id = store.addProfile(makeProfile(u"  Work  "_s));
        QVERIFY(!id.isEmpty());
        QVERIFY(!QUuid::fromString(id).isNull());
        QCOMPARE(changed.count(), 1);
        QCOMPARE(current.count(), 1);
        QCOMPARE(current.at(0).at(0).toString(), id);
        QCOMPARE(store.currentProfile().id, id);
        QCOMPARE(store.profile(id).name, u"Work"_s); // trimmed

        const QString second =
            store.addProfile(makeProfile(u"EU"_s, u"https://api.eu.example.com"_s, u"asia"_s));
        QVERIFY(!second.isEmpty());
        QCOMPARE(current.count(), 1); // the first stays current
        QCOMPARE(store.profiles().size(), 2);
        QCOMPARE(store.profiles().at(1).region, u"asia"_s);
    }

    void keepsAGivenIdAndRefusesADuplicateId()
    {
        ProfileStore store;
        Profile profile = makeProfile(u"A"_s);
        profile.id = u"fixed-id"_s;
        QCOMPARE(store.addProfile(profile), u"fixed-id"_s);
        profile.name = u"B"_s;
        QVERIFY(store.addProfile(profile).isEmpty());
        QVERIFY(!store.lastError().isEmpty());
    }

    void persistsAcrossInstances()
    {
        QString id;
        QString other;
        {
            ProfileStore store;
            id = store.addProfile(makeProfile(u"US"_s));
            other = store.addProfile(makeProfile(u"Asia"_s, u"http://localhost:8080/base"_s, u"asia"_s));
            QVERIFY(store.setCurrentProfile(other));
        }
        ProfileStore reopened;
        QCOMPARE(reopened.profiles().size(), 2);
        QCOMPARE(reopened.profiles().at(0).id, id); // order kept
        QCOMPARE(reopened.currentProfile().id, other);
        const Profile asia = reopened.profile(other);
        QCOMPARE(asia.name, u"Asia"_s);
        QCOMPARE(asia.baseUrl, QUrl(u"http://localhost:8080/base"_s));
        QCOMPARE(asia.region, u"asia"_s);
        QCOMPARE(asia.demo, false);
    }

    void update()
    {
        ProfileStore store;
        const QString id = store.addProfile(makeProfile(u"Work"_s));
        const QString other = store.addProfile(makeProfile(u"Home"_s));
        QSignalSpy changed(&store, &ProfileStore::profilesChanged);
        QSignalSpy current(&store, &ProfileStore::currentProfileChanged);

        Profile edited = store.profile(id);
        edited.baseUrl = QUrl(u"https://api.eu.example.com"_s);
        edited.region = u"asia"_s;
        QVERIFY(store.updateProfile(edited));
        QCOMPARE(store.profile(id), edited);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(current.count(), 1); // the current profile's URL changed: listeners reconnect

        QVERIFY(store.updateProfile(edited)); // unchanged: no signal
        QCOMPARE(changed.count(), 1);

        Profile clash = store.profile(other);
        clash.name = u"work"_s; // names are unique regardless of case
        QVERIFY(!store.updateProfile(clash));
        QVERIFY(store.lastError().contains(u"already exists"_s));
        QCOMPARE(store.profile(other).name, u"Home"_s);

        Profile ghost = makeProfile(u"Ghost"_s);
        ghost.id = u"missing"_s;
        QVERIFY(!store.updateProfile(ghost));
        QCOMPARE(changed.count(), 1);
    }

    void removeMovesCurrent()
    {
        ProfileStore store;
        const QString first = store.addProfile(makeProfile(u"One"_s));
        const QString second = store.addProfile(makeProfile(u"Two"_s));
        QVERIFY(store.setCurrentProfile(second));
        QSignalSpy changed(&store, &ProfileStore::profilesChanged);
        QSignalSpy current(&store, &ProfileStore::currentProfileChanged);

        QVERIFY(!store.removeProfile(u"missing"_s));
        QVERIFY(store.removeProfile(second));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(current.count(), 1);
        QCOMPARE(current.at(0).at(0).toString(), first);
        QCOMPARE(store.currentProfile().id, first);

        QVERIFY(store.removeProfile(first));
        QVERIFY(store.isEmpty());
        QCOMPARE(current.count(), 2);
        QCOMPARE(current.at(1).at(0).toString(), QString());
        QVERIFY(!store.currentProfile().isValid());

        ProfileStore reopened;
        QVERIFY(reopened.isEmpty());
    }

    void setCurrentSignalsOnlyOnChange()
    {
        ProfileStore store;
        const QString first = store.addProfile(makeProfile(u"One"_s));
        QSignalSpy current(&store, &ProfileStore::currentProfileChanged);
        QVERIFY(store.setCurrentProfile(first));
        QCOMPARE(current.count(), 0);
    }

    void validation_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("region");
        QTest::addColumn<bool>("demo");
        QTest::addColumn<QString>("error"); // a word of the expected sentence, empty when valid

        QTest::newRow("valid https") << u"A"_s << u"https://api.example.com"_s << u"us"_s << false
                                     << QString();
        QTest::newRow("valid http port")
            << u"A"_s << u"http://127.0.0.1:8080"_s << u"asia"_s << false << QString();
        QTest::newRow("plain http elsewhere")
            << u"A"_s << u"http://api.example.com"_s << u"us"_s << false << u"plain http"_s;
        QTest::newRow("valid http localhost")
            << u"A"_s << u"http://localhost:9000/v1"_s << u"us"_s << false << QString();
        QTest::newRow("empty name") << u"  "_s << u"https://api.example.com"_s << u"us"_s << false
                                    << u"name"_s;
        QTest::newRow("duplicate name")
            << u"EXISTING"_s << u"https://api.example.com"_s << u"us"_s << false << u"already exists"_s;
        QTest::newRow("empty url") << u"A"_s << QString() << u"us"_s << false << u"base URL"_s;
        QTest::newRow("ftp") << u"A"_s << u"ftp://api.example.com"_s << u"us"_s << false << u"only https"_s;
        QTest::newRow("no host") << u"A"_s << u"https:///path"_s << u"us"_s << false << u"host"_s;
        QTest::newRow("relative") << u"A"_s << u"api.example.com"_s << u"us"_s << false << u"https://"_s;
        QTest::newRow("user info") << u"A"_s << u"https://user:secret@api.example.com"_s << u"us"_s << false
                                   << u"password"_s;
        QTest::newRow("query") << u"A"_s << u"https://api.example.com/?api_key=x"_s << u"us"_s << false
                               << u"query"_s;
        QTest::newRow("bad region") << u"A"_s << u"https://api.example.com"_s << u"eu"_s << false
                                    << u"region"_s;
        QTest::newRow("empty region")
            << u"A"_s << u"https://api.example.com"_s << QString() << false << u"region"_s;
        QTest::newRow("demo without url") << u"Demo"_s << QString() << u"us"_s << true << QString();
        QTest::newRow("demo bad url") << u"Demo"_s << u"ftp://x"_s << u"us"_s << true << u"only https"_s;
    }

    void validation()
    {
        QFETCH(QString, name);
        QFETCH(QString, url);
        QFETCH(QString, region);
        QFETCH(bool, demo);
        QFETCH(QString, error);

        ProfileStore store;
        QVERIFY(!store.addProfile(makeProfile(u"Existing"_s)).isEmpty());
        Profile profile = makeProfile(name, url, region);
        profile.demo = demo;

        const QString message = store.validate(profile);
        if (error.isEmpty()) {
            QVERIFY2(message.isEmpty(), qPrintable(message));
            QVERIFY(!store.addProfile(profile).isEmpty());
        } else {
            QVERIFY2(message.contains(error, Qt::CaseInsensitive), qPrintable(message));
            QSignalSpy changed(&store, &ProfileStore::profilesChanged);
            QVERIFY(store.addProfile(profile).isEmpty());
            QCOMPARE(store.lastError(), message);
            QCOMPARE(changed.count(), 0);
            QCOMPARE(store.profiles().size(), 1);
        }
    }

    // The settings file holds the profile fields and nothing else: no key, token or secret slot.
    void settingsFileHoldsOnlyProfileFields()
    {
        ProfileStore store;
        Profile demo = makeProfile(u"Demo"_s, QString());
        demo.demo = true;
        store.addProfile(demo);
        store.addProfile(makeProfile(u"Work"_s));

        store.addProfile(makeBlaxel(u"Blaxel"_s, u"research"_s));

        QSettings raw(store.settingsFileName(), QSettings::IniFormat);
        const QStringList allowed = {u"id"_s,     u"name"_s, u"provider"_s, u"baseUrl"_s,
                                     u"region"_s, u"demo"_s, u"workspace"_s};
        QVERIFY(raw.allKeys().contains(u"currentBlaxelProfile"_s));
        for (const QString &key : raw.allKeys()) {
            const QString leaf = key.section(u'/', -1);
            const bool ok = key == u"currentProfile"_s || key == u"currentBlaxelProfile"_s ||
                            key == u"profiles/size"_s ||
                            (key.startsWith(u"profiles/"_s) && allowed.contains(leaf));
            QVERIFY2(ok, qPrintable(key));
        }
        QFile file(store.settingsFileName());
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll().toLower();
        for (const char *word : {"key", "token", "secret", "password", "bearer"})
            QVERIFY2(!text.contains(word), word);
    }

    void skipsBrokenEntries()
    {
        {
            QSettings settings(u"SandboxDeck"_s, u"SandboxDeck"_s);
            settings.beginWriteArray(u"profiles"_s, 3);
            settings.setArrayIndex(0);
            settings.setValue(u"id"_s, u"a"_s);
            settings.setValue(u"name"_s, u"A"_s);
            settings.setValue(u"baseUrl"_s, u"https://api.example.com"_s);
            settings.setValue(u"region"_s, u"mars"_s);
            settings.setArrayIndex(1);
            settings.setValue(u"name"_s, u"No id"_s);
            settings.setArrayIndex(2);
            settings.setValue(u"id"_s, u"a"_s);
            settings.setValue(u"name"_s, u"Duplicate"_s);
            settings.endArray();
            settings.setValue(u"currentProfile"_s, u"gone"_s);
        }
        ProfileStore store;
        QCOMPARE(store.profiles().size(), 1);
        QCOMPARE(store.profiles().at(0).region, u"us"_s);
        QCOMPARE(store.currentProfile().id, u"a"_s); // the first, since "gone" does not exist
    }

    void providers()
    {
        QVERIFY(Profile().provider == Profile::Provider::Klavis);
        for (const Profile::Provider provider : Profile::providers())
            QVERIFY(Profile::providerFromId(Profile::providerId(provider)) == provider);
        QCOMPARE(Profile::providerId(Profile::Provider::Blaxel), u"blaxel"_s);
        QVERIFY(!Profile::providerFromId(u"nimbus"_s));
        QCOMPARE(Profile::defaultBaseUrl(Profile::Provider::Blaxel), QUrl(u"https://api.blaxel.ai/v0"_s));
        QCOMPARE(Profile::defaultBaseUrl(Profile::Provider::Klavis), KlavisHosts::defaultBaseUrl());
    }

    // A settings file written before profiles had a provider: every profile reads as Klavis, the current
    // one stays current, and the next save writes the provider.
    void storedProfilesWithoutAProviderAreKlavis()
    {
        {
            QSettings settings(u"SandboxDeck"_s, u"SandboxDeck"_s);
            settings.beginWriteArray(u"profiles"_s, 2);
            settings.setArrayIndex(0);
            settings.setValue(u"id"_s, u"old-us"_s);
            settings.setValue(u"name"_s, u"Klavis"_s);
            settings.setValue(u"baseUrl"_s, u"https://api.klavis.ai"_s);
            settings.setValue(u"region"_s, u"us"_s);
            settings.setValue(u"demo"_s, false);
            settings.setArrayIndex(1);
            settings.setValue(u"id"_s, u"old-asia"_s);
            settings.setValue(u"name"_s, u"Asia"_s);
            settings.setValue(u"baseUrl"_s, u"https://api.example.com"_s);
            settings.setValue(u"region"_s, u"asia"_s);
            settings.endArray();
            settings.setValue(u"currentProfile"_s, u"old-asia"_s);
        }
        {
            ProfileStore store;
            QCOMPARE(store.profiles().size(), 2);
            for (const Profile &profile : store.profiles()) {
                QVERIFY(profile.provider == Profile::Provider::Klavis);
                QVERIFY(profile.workspace.isEmpty());
            }
            QCOMPARE(store.currentProfile().id, u"old-asia"_s);
            QVERIFY(!store.currentProfile(Profile::Provider::Blaxel).isValid());
            QCOMPARE(store.profile(u"old-asia"_s).region, u"asia"_s);
            // Any change rewrites the file, now with the provider.
            QVERIFY(!store.addProfile(makeBlaxel(u"B"_s, u"ws"_s)).isEmpty());
        }
        QSettings raw(u"SandboxDeck"_s, u"SandboxDeck"_s);
        QCOMPARE(raw.value(u"profiles/1/provider"_s).toString(), u"klavis"_s);
        QCOMPARE(raw.value(u"profiles/3/provider"_s).toString(), u"blaxel"_s);
        QCOMPARE(raw.value(u"profiles/3/workspace"_s).toString(), u"ws"_s);
        QVERIFY(!raw.contains(u"profiles/1/workspace"_s));
        QCOMPARE(raw.value(u"currentProfile"_s).toString(), u"old-asia"_s);
    }

    // A provider this version does not know (a newer one wrote it) is not read as Klavis: its key must not
    // go to the Klavis API.
    void unknownProviderIsSkipped()
    {
        {
            QSettings settings(u"SandboxDeck"_s, u"SandboxDeck"_s);
            settings.beginWriteArray(u"profiles"_s, 2);
            settings.setArrayIndex(0);
            settings.setValue(u"id"_s, u"future"_s);
            settings.setValue(u"name"_s, u"Future"_s);
            settings.setValue(u"provider"_s, u"nimbus"_s);
            settings.setValue(u"baseUrl"_s, u"https://api.example.com"_s);
            settings.setArrayIndex(1);
            settings.setValue(u"id"_s, u"b"_s);
            settings.setValue(u"name"_s, u"B"_s);
            settings.setValue(u"provider"_s, u"blaxel"_s);
            settings.setValue(u"workspace"_s, u"research"_s);
            settings.setValue(u"baseUrl"_s, u"https://api.blaxel.ai/v0"_s);
            settings.endArray();
        }
        ProfileStore store;
        QCOMPARE(store.profiles().size(), 1);
        QVERIFY(store.profiles().at(0).provider == Profile::Provider::Blaxel);
        QCOMPARE(store.profiles().at(0).workspace, u"research"_s);
        QVERIFY(!store.currentProfile().isValid()); // no Klavis profile
        QCOMPARE(store.currentProfile(Profile::Provider::Blaxel).id, u"b"_s);
    }

    // One Klavis and one Blaxel profile current at the same time, each with its own signal.
    void eachProviderHasItsOwnCurrentProfile()
    {
        ProfileStore store;
        QSignalSpy klavisChanged(&store, &ProfileStore::currentProfileChanged);
        QSignalSpy blaxelChanged(&store, &ProfileStore::currentBlaxelProfileChanged);

        const QString klavis = store.addProfile(makeProfile(u"K1"_s));
        QCOMPARE(klavisChanged.count(), 1);
        QCOMPARE(blaxelChanged.count(), 0);
        const QString blaxel = store.addProfile(makeBlaxel(u"B1"_s, u"research"_s));
        QVERIFY(!blaxel.isEmpty());
        // The first Blaxel profile becomes the Blaxel current; the Klavis one stays.
        QCOMPARE(klavisChanged.count(), 1);
        QCOMPARE(blaxelChanged.count(), 1);
        QCOMPARE(blaxelChanged.at(0).at(0).toString(), blaxel);
        QCOMPARE(store.currentProfile().id, klavis);
        QCOMPARE(store.currentProfile(Profile::Provider::Klavis).id, klavis);
        QCOMPARE(store.currentProfile(Profile::Provider::Blaxel).id, blaxel);

        const QString klavis2 = store.addProfile(makeProfile(u"K2"_s));
        const QString blaxel2 = store.addProfile(makeBlaxel(u"B2"_s, u"personal"_s));
        QCOMPARE(klavisChanged.count(), 1);
        QCOMPARE(blaxelChanged.count(), 1);

        // Choosing a Blaxel profile leaves the Klavis choice alone, and the reverse.
        QVERIFY(store.setCurrentProfile(blaxel2));
        QCOMPARE(blaxelChanged.count(), 2);
        QCOMPARE(klavisChanged.count(), 1);
        QCOMPARE(store.currentProfile().id, klavis);
        QVERIFY(store.setCurrentProfile(klavis2));
        QCOMPARE(klavisChanged.count(), 2);
        QCOMPARE(blaxelChanged.count(), 2);
        QCOMPARE(store.currentProfile(Profile::Provider::Blaxel).id, blaxel2);

        // Both survive a restart.
        {
            ProfileStore reopened;
            QCOMPARE(reopened.currentProfile().id, klavis2);
            QCOMPARE(reopened.currentProfile(Profile::Provider::Blaxel).id, blaxel2);
        }

        // A change to the current Blaxel profile's workspace reconnects its listeners, not Klavis's.
        Profile edited = store.profile(blaxel2);
        edited.workspace = u"personal-2"_s;
        QVERIFY(store.updateProfile(edited));
        QCOMPARE(blaxelChanged.count(), 3);
        QCOMPARE(klavisChanged.count(), 2);

        // Removing the current Blaxel profile moves the Blaxel choice to the first remaining Blaxel one.
        QVERIFY(store.removeProfile(blaxel2));
        QCOMPARE(store.currentProfile(Profile::Provider::Blaxel).id, blaxel);
        QCOMPARE(blaxelChanged.count(), 4);
        QCOMPARE(blaxelChanged.last().at(0).toString(), blaxel);
        QCOMPARE(klavisChanged.count(), 2);
        QVERIFY(store.removeProfile(blaxel));
        QVERIFY(!store.currentProfile(Profile::Provider::Blaxel).isValid());
        QCOMPARE(blaxelChanged.last().at(0).toString(), QString());
        QCOMPARE(store.currentProfile().id, klavis2);

        // A profile that changes provider leaves its old provider's choice: the Klavis current falls back.
        Profile moved = store.profile(klavis2);
        moved.provider = Profile::Provider::Blaxel;
        moved.workspace = u"moved"_s;
        QVERIFY(store.updateProfile(moved));
        QCOMPARE(store.currentProfile().id, klavis);
        QCOMPARE(store.currentProfile(Profile::Provider::Blaxel).id, klavis2);
        QCOMPARE(klavisChanged.last().at(0).toString(), klavis);
        QCOMPARE(blaxelChanged.last().at(0).toString(), klavis2);
    }

    void blaxelValidation_data()
    {
        QTest::addColumn<QString>("workspace");
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("error"); // a word of the expected sentence, empty when valid

        QTest::newRow("default") << u"research"_s << u"https://api.blaxel.ai/v0"_s << QString();
        QTest::newRow("emulator") << u"demo"_s << u"http://127.0.0.1:8080/v0"_s << QString();
        QTest::newRow("dots and dashes") << u"my-team_2.prod"_s << u"https://api.blaxel.ai/v0"_s << QString();
        QTest::newRow("no workspace") << QString() << u"https://api.blaxel.ai/v0"_s << u"workspace"_s;
        QTest::newRow("header injection")
            << u"ws\r\nX-Evil: 1"_s << u"https://api.blaxel.ai/v0"_s << u"letters, digits"_s;
        QTest::newRow("space") << u"my ws"_s << u"https://api.blaxel.ai/v0"_s << u"letters, digits"_s;
        QTest::newRow("leading dash") << u"-ws"_s << u"https://api.blaxel.ai/v0"_s << u"starts with"_s;
        QTest::newRow("non-ascii") << u"wörk"_s << u"https://api.blaxel.ai/v0"_s << u"letters, digits"_s;
        QTest::newRow("too long") << QString(129, u'a') << u"https://api.blaxel.ai/v0"_s << u"128"_s;
        QTest::newRow("plain http") << u"ws"_s << u"http://api.blaxel.ai/v0"_s << u"plain http"_s;
        QTest::newRow("no url") << u"ws"_s << QString() << u"api.blaxel.ai"_s;
    }

    void blaxelValidation()
    {
        QFETCH(QString, workspace);
        QFETCH(QString, url);
        QFETCH(QString, error);

        ProfileStore store;
        Profile profile = makeBlaxel(u"B"_s, workspace, url);
        profile.region = u"mars"_s; // a Klavis field: not Blaxel's concern
        const QString message = store.validate(profile);
        if (error.isEmpty()) {
            QVERIFY2(message.isEmpty(), qPrintable(message));
        } else {
            QVERIFY2(message.contains(error, Qt::CaseInsensitive), qPrintable(message));
            QVERIFY(!message.contains(u"X-Evil"_s)); // the name is never repeated
        }
    }

    void blaxelProfileForAndUnusedName()
    {
        ProfileStore store;
        const QString id = store.addProfile(makeBlaxel(u"Blaxel research"_s, u"research"_s));
        store.addProfile(makeProfile(u"Blaxel research 2"_s));
        QCOMPARE(store.blaxelProfileFor(u"research"_s, QUrl(u"https://api.blaxel.ai/v0/"_s)).id, id);
        QVERIFY(!store.blaxelProfileFor(u"research"_s, QUrl(u"http://127.0.0.1:9/v0"_s)).isValid());
        QVERIFY(!store.blaxelProfileFor(u"other"_s, QUrl(u"https://api.blaxel.ai/v0"_s)).isValid());
        QCOMPARE(store.unusedName(u"Fresh"_s), u"Fresh"_s);
        QCOMPARE(store.unusedName(u"blaxel RESEARCH"_s), u"blaxel RESEARCH 3"_s);
    }

    // Profiles, theme and language in the one file; "no choice" (System, the system language) is no entry.
    void themeAndLanguageShareTheProfilesFile()
    {
        ProfileStore store;
        store.addProfile(makeProfile(u"one"_s));
        ThemeSetting::store(ThemeSetting::Theme::Dark);
        LanguageSetting::store(u"de"_s);
        QSettings file = SettingsFile::open();
        QVERIFY(file.fileName().contains(u".qttest"_s));
        QCOMPARE(file.value(u"ui/theme"_s).toString(), u"dark"_s);
        QCOMPARE(file.value(u"ui/language"_s).toString(), u"de"_s);
        QVERIFY(file.childGroups().contains(u"profiles"_s));
        ThemeSetting::store(ThemeSetting::Theme::System);
        LanguageSetting::store(u"xx"_s);
        QVERIFY(!SettingsFile::open().contains(u"ui/theme"_s));
        QVERIFY(!SettingsFile::open().contains(u"ui/language"_s));
        QCOMPARE(ThemeSetting::stored(), ThemeSetting::Theme::System);
    }
};

QTEST_GUILESS_MAIN(TestProfileStore)
#include "tst_profilestore.moc"
