#include "dialogs/profileform.h"

#include "api/urlpolicy.h"
#include "catalog/klavishosts.h"

#include "api/apikeypolicy.h"
#include "settings/profilestore.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

using namespace Qt::StringLiterals;

ProfileForm::ProfileForm(QWidget *parent)
    : QWidget(parent), m_name(new QLineEdit(this)), m_endpoint(new QComboBox(this)),
      m_customUrl(new QLineEdit(this)), m_region(new QComboBox(this)), m_key(new QLineEdit(this)),
      m_showKey(new QCheckBox(tr("Show"), this)), m_keyNote(new QLabel(this))
{
    for (const KlavisHost &host : KlavisHosts::all())
        m_endpoint->addItem(u"%1 (%2)"_s.arg(host.label, host.baseUrl.toString()), host.baseUrl);
    m_endpoint->addItem(tr("Custom URL…"), QUrl());
    m_customUrl->setPlaceholderText(u"https://api.example.com"_s);
    m_region->addItem(tr("United States (us)"), u"us"_s);
    m_region->addItem(tr("Asia (asia)"), u"asia"_s);
    m_key->setEchoMode(QLineEdit::Password);
    m_key->setPlaceholderText(tr("Paste your Klavis API key"));
    m_key->setAccessibleName(tr("API key"));
    m_name->setAccessibleName(tr("Profile name"));

    auto *keyRow = new QWidget(this);
    auto *keyLayout = new QHBoxLayout(keyRow);
    keyLayout->setContentsMargins(0, 0, 0, 0);
    keyLayout->addWidget(m_key, 1);
    keyLayout->addWidget(m_showKey);

    auto *form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&API:"), m_endpoint);
    form->addRow(tr("Base &URL:"), m_customUrl);
    form->addRow(tr("&Region:"), m_region);
    form->addRow(tr("API &key:"), keyRow);
    m_keyNote->setObjectName(u"keyNote"_s);
    m_keyNote->setWordWrap(true);
    m_keyNote->setTextFormat(Qt::PlainText);
    form->addRow(QString(), m_keyNote);
    form->setRowVisible(m_keyNote, false);

    connect(m_showKey, &QCheckBox::toggled, this,
            [this](bool show) { m_key->setEchoMode(show ? QLineEdit::Normal : QLineEdit::Password); });
    connect(m_endpoint, &QComboBox::currentIndexChanged, this, &ProfileForm::updateCustomUrl);
    connect(m_customUrl, &QLineEdit::textChanged, this, &ProfileForm::updateSuggestedName);
    connect(m_name, &QLineEdit::textEdited, this,
            [this](const QString &text) { m_nameIsSuggested = text.trimmed().isEmpty(); });
    connect(m_key, &QLineEdit::textChanged, this, &ProfileForm::updateKeyNote);
    updateCustomUrl();
}

void ProfileForm::updateCustomUrl()
{
    const QUrl preset = m_endpoint->currentData().toUrl();
    m_customUrl->setEnabled(preset.isEmpty());
    if (!preset.isEmpty())
        m_customUrl->setText(preset.toString());
}

QString ProfileForm::suggestedName(const QUrl &baseUrl)
{
    if (KlavisHosts::isOfficial(baseUrl))
        return tr("Klavis");
    if (baseUrl.host().isEmpty())
        return tr("Custom server");
    return baseUrl.port() > 0 ? u"%1:%2"_s.arg(baseUrl.host()).arg(baseUrl.port()) : baseUrl.host();
}

void ProfileForm::updateSuggestedName()
{
    if (m_nameIsSuggested)
        m_name->setText(suggestedName(QUrl(m_customUrl->text().trimmed())));
}

void ProfileForm::setProfile(const Profile &profile, bool hasStoredKey)
{
    m_id = profile.id;
    // A new profile, or one still called what we would call it, follows the URL until named.
    m_nameIsSuggested = profile.name.isEmpty() || profile.name == suggestedName(profile.baseUrl);
    m_name->setText(profile.name);
    const int preset = m_endpoint->findData(profile.baseUrl);
    m_endpoint->setCurrentIndex(preset >= 0 ? preset : m_endpoint->count() - 1);
    m_customUrl->setText(profile.baseUrl.toString());
    m_region->setCurrentIndex(std::max(0, m_region->findData(profile.region)));
    m_key->clear();
    m_key->setPlaceholderText(hasStoredKey ? tr("Stored in the keychain; type to replace it")
                                           : tr("Paste your Klavis API key"));
}

Profile ProfileForm::profile() const
{
    Profile profile;
    profile.id = m_id;
    profile.name = m_name->text().trimmed();
    profile.baseUrl = QUrl(m_customUrl->text().trimmed(), QUrl::StrictMode);
    profile.region = m_region->currentData().toString();
    return profile;
}

void ProfileForm::updateKeyNote()
{
    const ApiKeyCheck check = ApiKeyPolicy::checkApiKey(m_key->text());
    const bool show = check.isValid() && check.trimmedTrailingWhitespace && !check.key.isEmpty();
    m_keyNote->setText(show ? ApiKeyPolicy::trimmedNote() : QString());
    if (auto *form = qobject_cast<QFormLayout *>(layout()))
        form->setRowVisible(m_keyNote, show);
}

QString ProfileForm::typedKey() const
{
    return ApiKeyPolicy::checkApiKey(m_key->text()).key;
}

QString ProfileForm::keyProblem() const
{
    return ApiKeyPolicy::checkApiKey(m_key->text()).error;
}

QString ProfileForm::validate(bool keyRequired) const
{
    if (m_name->text().trimmed().isEmpty())
        return tr("Give the profile a name.");
    const QUrl url = profile().baseUrl;
    // The same rule as the profile store, the transport and the CLI.
    if (QString problem = UrlPolicy::checkBaseUrl(url); !problem.isEmpty())
        return problem;
    if (QString problem = keyProblem(); !problem.isEmpty())
        return problem;
    if (keyRequired && typedKey().isEmpty())
        return tr("Enter the API key (from your Klavis dashboard).");
    return {};
}

void ProfileForm::focusKey()
{
    m_key->setFocus(Qt::OtherFocusReason);
}
