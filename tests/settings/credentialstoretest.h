#pragma once

// What tst_credentialstore and tst_credentialstorefailures share: the keychain calls made and waited for
// (a missing answer fails the test instead of hanging it), and the hosts and sentences they expect.

#include "catalog/klavishosts.h"
#include "settings/credentialstore.h"
#include "settings/profilestore.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QUuid>

namespace CredentialTest {

using namespace Qt::StringLiterals;

inline constexpr int kWaitMs = 20'000;

inline QString noKeychain(const QString &variable = u"KLAVIS_API_KEY"_s)
{
    return u"No keychain is available (is a Secret Service such as GNOME Keyring running and unlocked?). "
           "Set %1 instead, or start one."_s.arg(variable);
}

using Provider = Profile::Provider;

inline QString newProfileId()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}

// Each call waits for the one answer; a missing answer fails the test instead of hanging it.
struct ReadResult
{
    QString key;
    QString error;
    bool answered = false;
};

// A profile on a custom host unless told otherwise: KLAVIS_API_KEY does not apply there.
inline const QUrl kCustomHost(u"https://sandboxes.example.com"_s);
inline const QUrl kKlavisUs = KlavisHosts::all().at(0).baseUrl;
inline const QUrl kKlavisEu = KlavisHosts::all().at(1).baseUrl;

inline ReadResult readKey(CredentialStore &store, const QString &profileId, const QUrl &baseUrl = kCustomHost,
                          Provider provider = Provider::Klavis)
{
    QSignalSpy spy(&store, &CredentialStore::keyRead);
    store.readKey(profileId, baseUrl, provider);
    if (spy.isEmpty() && !spy.wait(kWaitMs))
        return {};
    const QList<QVariant> args = spy.takeFirst();
    if (args.at(0).toString() != profileId)
        return {};
    return {args.at(1).toString(), args.at(2).toString(), true};
}

// Returns the error (empty on success), or "no answer".
inline QString writeKey(CredentialStore &store, const QString &profileId, const QString &key,
                        Provider provider = Provider::Klavis)
{
    QSignalSpy spy(&store, &CredentialStore::keyWritten);
    store.writeKey(profileId, key, provider);
    if (spy.isEmpty() && !spy.wait(kWaitMs))
        return u"no answer"_s;
    const QList<QVariant> args = spy.takeFirst();
    return args.at(0).toString() == profileId ? args.at(1).toString() : u"wrong profile"_s;
}

inline QString deleteKey(CredentialStore &store, const QString &profileId,
                         Provider provider = Provider::Klavis)
{
    QSignalSpy spy(&store, &CredentialStore::keyDeleted);
    store.deleteKey(profileId, provider);
    if (spy.isEmpty() && !spy.wait(kWaitMs))
        return u"no answer"_s;
    const QList<QVariant> args = spy.takeFirst();
    return args.at(0).toString() == profileId ? args.at(1).toString() : u"wrong profile"_s;
}

// For initTestCase(): test settings, no key from the environment, and an early failure with the reason when
// run outside with-keyring.sh.
inline void requireUsableKeyring()
{
    QStandardPaths::setTestModeEnabled(true);
    qunsetenv("KLAVIS_API_KEY");
    qunsetenv("BL_API_KEY");
    CredentialStore store;
    const QString profile = newProfileId();
    const QString error = writeKey(store, profile, u"probe"_s);
    QVERIFY2(error.isEmpty(),
             qPrintable(u"the keyring is not usable (run under with-keyring.sh): "_s + error));
    QCOMPARE(deleteKey(store, profile), QString());
}

} // namespace CredentialTest
