#include "settings/profilestore.h"

#include "catalog/klavishosts.h"

#include "api/urlpolicy.h"
#include "settings/settingsfile.h"

#include <QSet>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace {

// Settings layout, under organization and application "SandboxDeck":
//   profiles/size, profiles/<n>/{id,name,baseUrl,region,demo}   (an array, so the user's order survives)
//   currentProfile = <id>
// Only these keys are written; tests assert the file holds nothing else.
constexpr QStringView kProfilesArray = u"profiles";
constexpr QStringView kCurrentProfile = u"currentProfile";
constexpr QStringView kId = u"id";
constexpr QStringView kName = u"name";
constexpr QStringView kBaseUrl = u"baseUrl";
constexpr QStringView kRegion = u"region";
constexpr QStringView kDemo = u"demo";

} // namespace

ProfileStore::ProfileStore(QObject *parent) : QObject(parent), m_settings(SettingsFile::open())
{
    load();
}

ProfileStore::~ProfileStore() = default;

QStringList ProfileStore::regions()
{
    return {u"us"_s, u"asia"_s};
}

Profile ProfileStore::profile(const QString &id) const
{
    const qsizetype index = indexOf(id);
    return index < 0 ? Profile{} : m_profiles.at(index);
}

Profile ProfileStore::currentProfile() const
{
    const qsizetype index = indexOf(m_currentId);
    if (index >= 0)
        return m_profiles.at(index);
    return m_profiles.isEmpty() ? Profile{} : m_profiles.constFirst();
}

bool ProfileStore::setCurrentProfile(const QString &id)
{
    if (indexOf(id) < 0)
        return false;
    if (id == m_currentId)
        return true;
    m_currentId = id;
    save();
    Q_EMIT currentProfileChanged(id);
    return true;
}

QString ProfileStore::addProfile(Profile profile)
{
    if (profile.id.isEmpty())
        profile.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    if (indexOf(profile.id) >= 0) {
        m_lastError = tr("A profile with this id already exists.");
        return {};
    }
    profile.name = profile.name.trimmed();
    m_lastError = validate(profile);
    if (!m_lastError.isEmpty())
        return {};

    m_profiles.append(profile);
    // The first profile becomes current, so that a fresh install has something selected.
    const bool becameCurrent = indexOf(m_currentId) < 0;
    if (becameCurrent)
        m_currentId = profile.id;
    save();
    Q_EMIT profilesChanged();
    if (becameCurrent)
        Q_EMIT currentProfileChanged(profile.id);
    return profile.id;
}

bool ProfileStore::updateProfile(const Profile &profile)
{
    const qsizetype index = indexOf(profile.id);
    if (index < 0) {
        m_lastError = tr("This profile no longer exists.");
        return false;
    }
    Profile cleaned = profile;
    cleaned.name = cleaned.name.trimmed();
    m_lastError = validate(cleaned);
    if (!m_lastError.isEmpty())
        return false;
    if (m_profiles.at(index) == cleaned)
        return true;

    m_profiles[index] = cleaned;
    save();
    Q_EMIT profilesChanged();
    // Listeners of the current profile reconnect when its URL or region changes.
    if (cleaned.id == currentProfile().id)
        Q_EMIT currentProfileChanged(cleaned.id);
    return true;
}

bool ProfileStore::removeProfile(const QString &id)
{
    const qsizetype index = indexOf(id);
    if (index < 0)
        return false;
    const QString previousCurrent = currentProfile().id;
    m_profiles.removeAt(index);
    if (m_currentId == id)
        m_currentId = m_profiles.isEmpty() ? QString() : m_profiles.constFirst().id;
    save();
    Q_EMIT profilesChanged();
    if (currentProfile().id != previousCurrent)
        Q_EMIT currentProfileChanged(currentProfile().id);
    return true;
}

QString ProfileStore::validate(const Profile &profile) const
{
    const QString name = profile.name.trimmed();
    if (name.isEmpty())
        return tr("Enter a name for the profile.");
    for (const Profile &other : m_profiles) {
        if (other.id != profile.id && other.name.compare(name, Qt::CaseInsensitive) == 0)
            return tr("A profile named \"%1\" already exists. Choose another name.").arg(name);
    }

    const QUrl &url = profile.baseUrl;
    // The demo profile's URL is the emulator's loopback port, known only once the emulator runs.
    if (!(profile.demo && url.isEmpty())) {
        if (url.isEmpty())
            return tr("Enter the API's base URL, for example %1.")
                .arg(KlavisHosts::defaultBaseUrl().toString());
        // A query in the URL could put a credential into the settings file; the scheme, host and user
        // name are UrlPolicy's, below, the same rule the transport and the CLI apply.
        if (url.hasQuery() || url.hasFragment())
            return tr("The base URL must not contain a query (?...) or fragment (#...).");
        // The key goes to this URL: plain http only to this machine (the emulator), as the transport insists.
        if (QString problem = UrlPolicy::checkBaseUrl(url); !problem.isEmpty())
            return problem;
    }

    if (!regions().contains(profile.region))
        return tr("The region must be \"us\" or \"asia\".");
    return {};
}

void ProfileStore::load()
{
    m_profiles.clear();
    QSet<QString> seen;
    const int size = m_settings.beginReadArray(kProfilesArray);
    for (int i = 0; i < size; ++i) {
        m_settings.setArrayIndex(i);
        Profile profile;
        profile.id = m_settings.value(kId).toString();
        profile.name = m_settings.value(kName).toString();
        profile.baseUrl = QUrl(m_settings.value(kBaseUrl).toString());
        profile.region = m_settings.value(kRegion, u"us"_s).toString();
        profile.demo = m_settings.value(kDemo, false).toBool();
        // A hand-edited file may hold broken entries: skip them rather than show a profile that
        // cannot be edited or selected.
        if (profile.id.isEmpty() || seen.contains(profile.id))
            continue;
        if (!regions().contains(profile.region))
            profile.region = u"us"_s;
        seen.insert(profile.id);
        m_profiles.append(profile);
    }
    m_settings.endArray();
    m_currentId = m_settings.value(kCurrentProfile).toString();
}

void ProfileStore::save()
{
    // Rewrite the whole array: removing one element of a QSettings array would leave a hole.
    m_settings.remove(kProfilesArray);
    m_settings.beginWriteArray(kProfilesArray, int(m_profiles.size()));
    for (int i = 0; i < m_profiles.size(); ++i) {
        const Profile &profile = m_profiles.at(i);
        m_settings.setArrayIndex(i);
        m_settings.setValue(kId, profile.id);
        m_settings.setValue(kName, profile.name);
        m_settings.setValue(kBaseUrl, profile.baseUrl.toString());
        m_settings.setValue(kRegion, profile.region);
        m_settings.setValue(kDemo, profile.demo);
    }
    m_settings.endArray();
    if (m_currentId.isEmpty())
        m_settings.remove(kCurrentProfile);
    else
        m_settings.setValue(kCurrentProfile, m_currentId);
    // Write now rather than at exit, so that a crash does not lose a profile the user just made.
    m_settings.sync();
}

qsizetype ProfileStore::indexOf(const QString &id) const
{
    if (id.isEmpty())
        return -1;
    for (qsizetype i = 0; i < m_profiles.size(); ++i) {
        if (m_profiles.at(i).id == id)
            return i;
    }
    return -1;
}
