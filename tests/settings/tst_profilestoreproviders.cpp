// Profiles of more than one provider in ProfileStore: the providers and their ids, files written before
// profiles had one or by a newer version, a current profile per provider, and a Blaxel profile's
// validation and lookup.

#include "catalog/klavishosts.h"
#include "profiletest.h"
#include "settings/profilestore.h"

#include <QSettings>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using ProfileTest::makeBlaxel;
using ProfileTest::makeProfile;

class TestProfileStoreProviders final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { ProfileTest::useTestSettings(); }
    void init() { ProfileTest::clearSettings(); }

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
        ProfileTest::writeStoredProfiles({{{u"id"_s, u"old-us"_s},
                                           {u"name"_s, u"Klavis"_s},
                                           {u"baseUrl"_s, u"https://api.klavis.ai"_s},
                                           {u"region"_s, u"us"_s},
                                           {u"demo"_s, false}},
                                          {{u"id"_s, u"old-asia"_s},
                                           {u"name"_s, u"Asia"_s},
                                           {u"baseUrl"_s, u"https://api.example.com"_s},
                                           {u"region"_s, u"asia"_s}}},
                                         u"old-asia"_s);
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
        ProfileTest::writeStoredProfiles({{{u"id"_s, u"future"_s},
                                           {u"name"_s, u"Future"_s},
                                           {u"provider"_s, u"nimbus"_s},
                                           {u"baseUrl"_s, u"https://api.example.com"_s}},
                                          {{u"id"_s, u"b"_s},
                                           {u"name"_s, u"B"_s},
                                           {u"provider"_s, u"blaxel"_s},
                                           {u"workspace"_s, u"research"_s},
                                           {u"baseUrl"_s, u"https://api.blaxel.ai/v0"_s}}});
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
};

QTEST_GUILESS_MAIN(TestProfileStoreProviders)
#include "tst_profilestoreproviders.moc"
