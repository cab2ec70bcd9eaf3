#include "settings/blaxelprofileimporter.h"

#include "settings/credentialstore.h"
#include "settings/profilestore.h"

using namespace Qt::StringLiterals;

BlaxelProfileImporter::BlaxelProfileImporter(ProfileStore *profiles, CredentialStore *credentials,
                                             QObject *parent)
    : QObject(parent), m_profiles(profiles), m_credentials(credentials)
{
    connect(m_credentials, &CredentialStore::keyWritten, this, &BlaxelProfileImporter::onKeyWritten);
}

BlaxelProfileImporter::~BlaxelProfileImporter() = default;

void BlaxelProfileImporter::start(const QList<BlaxelCredential> &chosen)
{
    if (isRunning())
        return;
    m_report = {};
    m_createdIds.clear();
    m_waiting.clear();
    m_active = true;
    for (const BlaxelCredential &credential : chosen) {
        if (m_profiles->blaxelProfileFor(credential.workspace, credential.baseUrl).isValid()) {
            m_report.skipped << credential.workspace;
            continue;
        }
        Profile profile;
        profile.provider = Profile::Provider::Blaxel;
        profile.workspace = credential.workspace;
        profile.baseUrl = credential.baseUrl;
        profile.name = m_profiles->unusedName(tr("Blaxel %1").arg(credential.workspace));
        const QString id = m_profiles->addProfile(profile);
        if (id.isEmpty()) {
            m_report.errors << tr("Workspace “%1”: %2").arg(credential.workspace, m_profiles->lastError());
            continue;
        }
        m_waiting.insert(id, {profile.name, credential.keyKind == BlaxelCredential::KeyKind::AccessToken});
        m_credentials->writeKey(id, credential.key, Profile::Provider::Blaxel);
    }
    // With nothing written the answer still comes from the event loop, as CredentialStore's do.
    QMetaObject::invokeMethod(this, &BlaxelProfileImporter::finishIfDone, Qt::QueuedConnection);
}

void BlaxelProfileImporter::onKeyWritten(const QString &profileId, const QString &error)
{
    const auto waiting = m_waiting.constFind(profileId);
    if (waiting == m_waiting.cend())
        return;
    const auto [name, isToken] = waiting.value();
    m_waiting.erase(waiting);
    if (error.isEmpty()) {
        m_report.created << name;
        m_createdIds << profileId;
        m_report.tokenMayExpire = m_report.tokenMayExpire || isToken;
    } else {
        // No profile without its key: the next import, once the keychain works, creates it again.
        m_profiles->removeProfile(profileId);
        m_report.errors << tr("“%1” was not created: %2").arg(name, error);
    }
    finishIfDone();
}

void BlaxelProfileImporter::finishIfDone()
{
    // Once per start(): the queued call from start() and the last key's answer may both get here.
    if (!m_active || !m_waiting.isEmpty())
        return;
    m_active = false;
    Q_EMIT finished();
}

QString BlaxelProfileImporter::describe(const Report &report)
{
    QStringList lines;
    if (!report.created.isEmpty())
        lines << tr("Created: %1.").arg(report.created.join(u", "_s));
    if (!report.skipped.isEmpty())
        lines << tr("Already a profile, skipped: %1.").arg(report.skipped.join(u", "_s));
    if (report.tokenMayExpire)
        lines << tr("A login token was imported where the workspace has no API key: it expires, and the "
                    "profile then needs an API key.");
    lines << report.errors;
    if (lines.isEmpty())
        lines << tr("Nothing was imported.");
    return lines.join(u'\n');
}
