#include "settings/credentialstore.h"

#include "catalog/blaxelhosts.h"
#include "catalog/klavishosts.h"

#include "api/apikeypolicy.h"
#include "settings/profilestore.h"

#include <qt6keychain/keychain.h>

#include <QTimer>
#include <QUrl>

#include <memory>
#include <utility>

using namespace Qt::StringLiterals;

namespace {

QString noKeychainSentence(CredentialStore::Provider provider)
{
    return CredentialStore::tr("No keychain is available (is a Secret Service such as GNOME Keyring running "
                               "and unlocked?). Set %1 instead, or start one.")
        .arg(CredentialStore::environmentVariable(provider));
}

// QtKeychain's libsecret backend reports "no D-Bus", "no Secret Service" and "locked" as OtherError (7)
// with GLib's text, so the text is what tells them apart from other failures.
bool looksLikeNoKeychain(const QString &message)
{
    // "Object does not exist at path /org/freedesktop/secrets/collection/login": the daemon runs but has
    // no keyring to offer and cannot ask for one (no prompter, e.g. no display).
    static const QStringList hints = {
        u"d-bus"_s,
        u"dbus"_s,
        u"org.freedesktop.secrets"_s,
        u"freedesktop/secrets"_s,
        u"autolaunch"_s,
        u"secret service"_s,
        u"not provided"_s,
        u"could not connect"_s,
        u"locked"_s,
        u"prompt"_s,
        u"no such file"_s,
    };
    for (const QString &hint : hints) {
        if (message.contains(hint, Qt::CaseInsensitive))
            return true;
    }
    return false;
}

// Belt and braces: backend messages never quote the secret today, but an error string must not carry it
// even if one starts to.
QString withoutSecret(QString text, const QString &secret)
{
    if (!secret.isEmpty())
        text.replace(secret, u"(hidden)"_s);
    return text;
}

} // namespace

CredentialStore::CredentialStore(QObject *parent) : QObject(parent) {}

CredentialStore::~CredentialStore() = default;

QString CredentialStore::serviceName()
{
    return u"SandboxDeck"_s;
}

QString CredentialStore::keychainKey(const QString &profileId, Provider provider)
{
    // Klavis keys keep the name they were always stored under; Blaxel's never share it.
    return (provider == Provider::Blaxel ? u"blaxel-api-key/"_s : u"klavis-api-key/"_s) + profileId;
}

QString CredentialStore::environmentVariable(Provider provider)
{
    return provider == Provider::Blaxel ? u"BL_API_KEY"_s : u"KLAVIS_API_KEY"_s;
}

QString CredentialStore::environmentKey()
{
    return ApiKeyPolicy::checkApiKey(qEnvironmentVariable("KLAVIS_API_KEY")).key;
}

bool CredentialStore::keyFromEnvironment(Provider provider) const
{
    return !qEnvironmentVariable(environmentVariable(provider).toLatin1().constData()).trimmed().isEmpty();
}

bool CredentialStore::isOfficialHost(const QUrl &baseUrl, Provider provider)
{
    return provider == Provider::Blaxel ? BlaxelHosts::isOfficial(baseUrl) : KlavisHosts::isOfficial(baseUrl);
}

bool CredentialStore::environmentKeyApplies(const QString &profileId, const QUrl &baseUrl,
                                            Provider provider) const
{
    if (!keyFromEnvironment(provider))
        return false;
    return isOfficialHost(baseUrl, provider) ||
           (!profileId.isEmpty() && profileId == m_environmentKeyProfile);
}

void CredentialStore::readKey(const QString &profileId, const QUrl &baseUrl, Provider provider)
{
    if (profileId.isEmpty())
        return answer(Operation::Read, profileId, {}, tr("No profile is selected."));
    if (environmentKeyApplies(profileId, baseUrl, provider)) {
        const QString variable = environmentVariable(provider);
        const ApiKeyCheck check =
            ApiKeyPolicy::checkApiKey(qEnvironmentVariable(variable.toLatin1().constData()));
        return answer(Operation::Read, profileId, check.key,
                      check.isValid() ? QString() : variable + u": "_s + check.error);
    }

    auto *job = new QKeychain::ReadPasswordJob(serviceName());
    job->setKey(keychainKey(profileId, provider));
    start(Operation::Read, profileId, provider, job, {});
}

void CredentialStore::writeKey(const QString &profileId, const QString &key, Provider provider)
{
    if (profileId.isEmpty())
        return answer(Operation::Write, profileId, {}, tr("No profile is selected."));
    if (key.trimmed().isEmpty())
        return answer(Operation::Write, profileId, {}, tr("The API key is empty. Paste the key first."));
    const ApiKeyCheck check = ApiKeyPolicy::checkApiKey(key);
    if (!check.isValid())
        return answer(Operation::Write, profileId, {}, check.error);

    auto *job = new QKeychain::WritePasswordJob(serviceName());
    job->setKey(keychainKey(profileId, provider));
    job->setTextData(check.key);
    start(Operation::Write, profileId, provider, job, check.key);
}

void CredentialStore::deleteKey(const QString &profileId, Provider provider)
{
    if (profileId.isEmpty())
        return answer(Operation::Delete, profileId, {}, tr("No profile is selected."));

    auto *job = new QKeychain::DeletePasswordJob(serviceName());
    job->setKey(keychainKey(profileId, provider));
    start(Operation::Delete, profileId, provider, job, {});
}

void CredentialStore::start(Operation operation, const QString &profileId, Provider provider,
                            QKeychain::Job *job, const QString &secret)
{
    // No parent on purpose: the libsecret backend keeps a raw pointer to the job until GLib calls back,
    // so the job must outlive this store if the store goes first. It deletes itself once finished.
    job->setAutoDelete(true);
    job->setInsecureFallback(false); // the fallback writes the key to a plain QSettings file

    // The answer comes once: from the job or from the timeout, whichever is first.
    auto answered = std::make_shared<bool>(false);
    connect(job, &QKeychain::Job::finished, this,
            [this, operation, profileId, provider, answered, secret](QKeychain::Job *finished) {
                if (std::exchange(*answered, true))
                    return;
                const QKeychain::Error error = finished->error();
                if (error == QKeychain::NoError) {
                    if (operation != Operation::Read)
                        return answer(operation, profileId, {}, {});
                    // A stored key with a line break (saved by an older version, or by another tool) is
                    // refused like a typed one, never sent.
                    const ApiKeyCheck check = ApiKeyPolicy::checkApiKey(
                        static_cast<QKeychain::ReadPasswordJob *>(finished)->textData());
                    return answer(
                        operation, profileId, check.key,
                        check.isValid()
                            ? QString()
                            : tr("The key stored in the keychain cannot be used. %1").arg(check.error));
                }
                // Nothing stored: an empty answer for a read, done for a delete.
                if (error == QKeychain::EntryNotFound && operation != Operation::Write)
                    return answer(operation, profileId, {}, {});
                const QString message = describeError(operation, error, finished->errorString(), provider);
                answer(operation, profileId, {}, withoutSecret(message, secret));
            });
    QTimer::singleShot(m_timeoutMs, this, [this, operation, profileId, provider, answered] {
        if (std::exchange(*answered, true))
            return;
        answer(operation, profileId, {},
               tr("The keychain did not answer within %1 seconds. Check that it is running and "
                  "unlocked, or set %2 instead.")
                   .arg(m_timeoutMs / 1000)
                   .arg(environmentVariable(provider)));
    });
    job->start();
}

void CredentialStore::answer(Operation operation, const QString &profileId, const QString &key,
                             const QString &error)
{
    // Always from the event loop, so that a caller may connect after calling and never sees an answer
    // re-entering its own call.
    QMetaObject::invokeMethod(
        this,
        [this, operation, profileId, key, error] {
            switch (operation) {
            case Operation::Read:
                Q_EMIT keyRead(profileId, key, error);
                break;
            case Operation::Write:
                Q_EMIT keyWritten(profileId, error);
                break;
            case Operation::Delete:
                Q_EMIT keyDeleted(profileId, error);
                break;
            }
        },
        Qt::QueuedConnection);
}

QString CredentialStore::describeError(Operation operation, int keychainError, const QString &backendMessage,
                                       Provider provider)
{
    const QString variable = environmentVariable(provider);
    switch (keychainError) {
    case QKeychain::NoBackendAvailable:
    case QKeychain::AccessDenied: // the libsecret backend's "collection is locked"
        return noKeychainSentence(provider);
    case QKeychain::AccessDeniedByUser:
        return tr("Access to the keychain was refused. Allow SandboxDeck to use it when asked, or set "
                  "%1 instead.")
            .arg(variable);
    case QKeychain::NotImplemented:
        return tr("This system has no supported keychain. Set %1 instead.").arg(variable);
    case QKeychain::EntryNotFound:
        switch (operation) {
        case Operation::Read:
            return tr("Could not read the API key from the keychain: the entry was not found.");
        case Operation::Write:
            return tr("Could not save the API key in the keychain: the entry was not found.");
        case Operation::Delete:
            return tr("Could not remove the API key from the keychain: the entry was not found.");
        }
        break;
    default:
        break;
    }
    if (looksLikeNoKeychain(backendMessage))
        return noKeychainSentence(provider);
    const QString detail =
        backendMessage.trimmed().isEmpty() ? tr("unknown error") : backendMessage.trimmed();
    switch (operation) {
    case Operation::Read:
        return tr("Could not read the API key from the keychain (%1). Check that the keychain is unlocked, "
                  "or set %2 instead.")
            .arg(detail, variable);
    case Operation::Write:
        return tr("Could not save the API key in the keychain (%1). Check that the keychain is unlocked, or "
                  "set %2 instead.")
            .arg(detail, variable);
    case Operation::Delete:
        break;
    }
    return tr("Could not remove the API key from the keychain (%1). Check that the keychain is unlocked, or "
              "set %2 instead.")
        .arg(detail, variable);
}
