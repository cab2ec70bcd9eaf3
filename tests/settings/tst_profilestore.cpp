// ProfileStore: profiles added, kept, updated, removed and validated, the current one, the settings file
// they live in (what it holds, broken entries), and the theme and language beside them in that file.

#include "profiletest.h"
#include "settings/languagesetting.h"
#include "settings/profilestore.h"
#include "settings/settingsfile.h"
#include "settings/themesetting.h"

#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>
#include <QUuid>

using namespace Qt::StringLiterals;
using ProfileTest::makeBlaxel;
using ProfileTest::makeProfile;

class TestProfileStore final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { ProfileTest::useTestSettings(); }
    void init() { ProfileTest::clearSettings(); }

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
        ProfileTest::writeStoredProfiles({{{u"id"_s, u"a"_s},
                                           {u"name"_s, u"A"_s},
                                           {u"baseUrl"_s, u"https://api.example.com"_s},
                                           {u"region"_s, u"mars"_s}},
                                          {{u"name"_s, u"No id"_s}},
                                          {{u"id"_s, u"a"_s}, {u"name"_s, u"Duplicate"_s}}},
                                         u"gone"_s);
        ProfileStore store;
        QCOMPARE(store.profiles().size(), 1);
        QCOMPARE(store.profiles().at(0).region, u"us"_s);
        QCOMPARE(store.currentProfile().id, u"a"_s); // the first, since "gone" does not exist
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
