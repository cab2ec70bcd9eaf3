#include "settings/profilestore.h"

#include "api/urlpolicy.h"
#include "settings/settingsfile.h"

#include <QSet>
#include <QUuid>

#include <algorithm>
#include <utility>

using namespace Qt::StringLiterals;

namespace {

// Settings layout, under organization and application "SandboxDeck":
//   profiles/size, profiles/<n>/{id,name,provider,baseUrl,region,workspace,demo}   (an array, so the user's
//   order survives)
//   currentProfile = <id>         (Klavis; the key's name predates Blaxel)
//   currentBlaxelProfile = <id>
// Only these keys are written; tests assert the file holds nothing else.
constexpr QStringView kProfilesArray = u"profiles";
constexpr QStringView kCurrentProfile = u"currentProfile";
constexpr QStringView kCurrentBlaxelProfile = u"currentBlaxelProfile";
constexpr QStringView kId = u"id";
constexpr QStringView kName = u"name";
constexpr QStringView kProvider = u"provider";
constexpr QStringView kBaseUrl = u"baseUrl";
constexpr QStringView kRegion = u"region";
constexpr QStringView kWorkspace = u"workspace";
constexpr QStringView kDemo = u"demo";

constexpr qsizetype kMaxWorkspaceLength = 128;

bool isWorkspaceCharacter(QChar c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9') || c == u'-' ||
           c == u'_' || c == u'.';
}

QUrl withoutTrailingSlash(const QUrl &url)
{
    return url.adjusted(QUrl::StripTrailingSlash | QUrl::NormalizePathSegments);
}

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

Profile ProfileStore::currentProfile(Profile::Provider provider) const
{
    const QString &stored = provider == Profile::Provider::Blaxel ? m_currentBlaxelId : m_currentKlavisId;
    const qsizetype index = indexOf(stored);
    if (index >= 0 && m_profiles.at(index).provider == provider)
        return m_profiles.at(index);
    for (const Profile &profile : m_profiles) {
        if (profile.provider == provider)
            return profile;
    }
    return {};
}

QString &ProfileStore::storedCurrentId(Profile::Provider provider)
{
    return provider == Profile::Provider::Blaxel ? m_currentBlaxelId : m_currentKlavisId;
}

ProfileStore::CurrentIds ProfileStore::currentIds() const
{
    return {currentProfile(Profile::Provider::Klavis).id, currentProfile(Profile::Provider::Blaxel).id};
}

void ProfileStore::signalCurrentChanges(const CurrentIds &before, const QString &touched)
{
    const CurrentIds after = currentIds();
    if (after.klavis != before.klavis || (!touched.isEmpty() && after.klavis == touched))
        Q_EMIT currentProfileChanged(after.klavis);
    if (after.blaxel != before.blaxel || (!touched.isEmpty() && after.blaxel == touched))
        Q_EMIT currentBlaxelProfileChanged(after.blaxel);
}

bool ProfileStore::setCurrentProfile(const QString &id)
{
    const qsizetype index = indexOf(id);
    if (index < 0)
        return false;
    const CurrentIds before = currentIds();
    QString &stored = storedCurrentId(m_profiles.at(index).provider);
    if (stored == id)
        return true;
    stored = id;
    save();
    signalCurrentChanges(before, {});
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
    // Only a Blaxel profile has a workspace; a Klavis one never stores a leftover.
    profile.workspace =
        profile.provider == Profile::Provider::Blaxel ? profile.workspace.trimmed() : QString();
    m_lastError = validate(profile);
    if (!m_lastError.isEmpty())
        return {};

    const CurrentIds before = currentIds();
    // The first profile of a provider becomes its current, so that a fresh install has something selected.
    const bool firstOfItsProvider = !currentProfile(profile.provider).isValid();
    m_profiles.append(profile);
    if (firstOfItsProvider)
        storedCurrentId(profile.provider) = profile.id;
    save();
    Q_EMIT profilesChanged();
    signalCurrentChanges(before, {});
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
    cleaned.workspace =
        cleaned.provider == Profile::Provider::Blaxel ? cleaned.workspace.trimmed() : QString();
    m_lastError = validate(cleaned);
    if (!m_lastError.isEmpty())
        return false;
    if (m_profiles.at(index) == cleaned)
        return true;

    const CurrentIds before = currentIds();
    m_profiles[index] = cleaned;
    save();
    Q_EMIT profilesChanged();
    // Listeners of a current profile reconnect when its URL, region or workspace changes.
    signalCurrentChanges(before, cleaned.id);
    return true;
}

bool ProfileStore::removeProfile(const QString &id)
{
    const qsizetype index = indexOf(id);
    if (index < 0)
        return false;
    const CurrentIds before = currentIds();
    m_profiles.removeAt(index);
    for (QString *stored : {&m_currentKlavisId, &m_currentBlaxelId}) {
        if (*stored == id)
            stored->clear();
    }
    // What currentProfile() falls back to becomes the stored choice, as before profiles had a provider.
    m_currentKlavisId = currentProfile(Profile::Provider::Klavis).id;
    m_currentBlaxelId = currentProfile(Profile::Provider::Blaxel).id;
    save();
    Q_EMIT profilesChanged();
    signalCurrentChanges(before, {});
    return true;
}

QString ProfileStore::nameProblem(const Profile &profile) const
{
    const QString name = profile.name.trimmed();
    if (name.isEmpty())
        return tr("Enter a name for the profile.");
    for (const Profile &other : m_profiles) {
        if (other.id != profile.id && other.name.compare(name, Qt::CaseInsensitive) == 0)
            return tr("A profile named \"%1\" already exists. Choose another name.").arg(name);
    }
    return {};
}

QString ProfileStore::workspaceProblem(const QString &workspace)
{
    if (workspace.isEmpty())
        return tr("Enter the Blaxel workspace (its name, as in the Blaxel console or `bl workspaces`).");
    if (workspace.size() > kMaxWorkspaceLength)
        return tr("A workspace name has at most %1 characters.").arg(kMaxWorkspaceLength);
    // It travels in a header (X-Blaxel-Workspace): anything else could add one of its own.
    if (!workspace.at(0).isLetterOrNumber() ||
        !std::all_of(workspace.cbegin(), workspace.cend(), isWorkspaceCharacter))
        return tr(
            "A workspace name holds only letters, digits, \"-\", \"_\" and \".\", and starts with a letter "
            "or digit.");
    return {};
}

QString ProfileStore::validate(const Profile &profile) const
{
    if (QString problem = nameProblem(profile); !problem.isEmpty())
        return problem;

    const QUrl &url = profile.baseUrl;
    // The demo profile's URL is the emulator's loopback port, known only once the emulator runs.
    if (!(profile.demo && url.isEmpty())) {
        if (url.isEmpty())
            return tr("Enter the API's base URL, for example %1.")
                .arg(Profile::defaultBaseUrl(profile.provider).toString());
        // A query in the URL could put a credential into the settings file; the scheme, host and user
        // name are UrlPolicy's, below, the same rule the transport and the CLI apply.
        if (url.hasQuery() || url.hasFragment())
            return tr("The base URL must not contain a query (?...) or fragment (#...).");
        // The key goes to this URL: plain http only to this machine (the emulator), as the transport insists.
        if (QString problem = UrlPolicy::checkBaseUrl(url); !problem.isEmpty())
            return problem;
    }

    if (profile.provider == Profile::Provider::Blaxel)
        return workspaceProblem(profile.workspace.trimmed());
    if (!regions().contains(profile.region))
        return tr("The region must be \"us\" or \"asia\".");
    return {};
}

Profile ProfileStore::blaxelProfileFor(const QString &workspace, const QUrl &baseUrl) const
{
    const QUrl wanted = withoutTrailingSlash(baseUrl);
    for (const Profile &profile : m_profiles) {
        if (profile.provider == Profile::Provider::Blaxel && profile.workspace == workspace &&
            withoutTrailingSlash(profile.baseUrl) == wanted)
            return profile;
    }
    return {};
}

QString ProfileStore::unusedName(const QString &base) const
{
    QString name = base;
    for (int n = 2; !nameProblem(Profile{QString(), name, {}}).isEmpty(); ++n)
        name = u"%1 %2"_s.arg(base).arg(n);
    return name;
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
        profile.workspace = m_settings.value(kWorkspace).toString();
        // A profile stored before profiles had a provider is a Klavis one. A provider this version does
        // not know (written by a newer one) is skipped: its key must not go to the wrong API.
        const std::optional<Profile::Provider> provider = Profile::providerFromId(
            m_settings.value(kProvider, Profile::providerId(Profile::Provider::Klavis)).toString());
        // A hand-edited file may hold broken entries: skip them rather than show a profile that
        // cannot be edited or selected.
        if (profile.id.isEmpty() || seen.contains(profile.id) || !provider)
            continue;
        profile.provider = *provider;
        if (!regions().contains(profile.region))
            profile.region = u"us"_s;
        seen.insert(profile.id);
        m_profiles.append(profile);
    }
    m_settings.endArray();
    m_currentKlavisId = m_settings.value(kCurrentProfile).toString();
    m_currentBlaxelId = m_settings.value(kCurrentBlaxelProfile).toString();
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
        m_settings.setValue(kProvider, Profile::providerId(profile.provider));
        m_settings.setValue(kBaseUrl, profile.baseUrl.toString());
        m_settings.setValue(kRegion, profile.region);
        if (profile.provider == Profile::Provider::Blaxel)
            m_settings.setValue(kWorkspace, profile.workspace);
        m_settings.setValue(kDemo, profile.demo);
    }
    m_settings.endArray();
    for (const auto &[key, id] : {std::pair{kCurrentProfile, m_currentKlavisId},
                                  std::pair{kCurrentBlaxelProfile, m_currentBlaxelId}}) {
        if (id.isEmpty())
            m_settings.remove(key);
        else
            m_settings.setValue(key, id);
    }
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
