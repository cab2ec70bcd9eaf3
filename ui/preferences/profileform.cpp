#include "preferences/profileform.h"

#include "api/urlpolicy.h"
#include "catalog/blaxelhosts.h"
#include "catalog/klavishosts.h"
#include "common/errorcolour.h"

#include "api/apikeypolicy.h"
#include "settings/profilestore.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

QString suggestedNameFor(Profile::Provider provider, const QUrl &baseUrl, const QString &workspace)
{
    if (provider == Profile::Provider::Blaxel)
        return workspace.isEmpty() ? ProfileForm::tr("Blaxel") : ProfileForm::tr("Blaxel %1").arg(workspace);
    if (KlavisHosts::isOfficial(baseUrl))
        return ProfileForm::tr("Klavis");
    if (baseUrl.host().isEmpty())
        return ProfileForm::tr("Custom server");
    return baseUrl.port() > 0 ? u"%1:%2"_s.arg(baseUrl.host()).arg(baseUrl.port()) : baseUrl.host();
}

} // namespace

ProfileForm::ProfileForm(QWidget *parent)
    : QWidget(parent), m_form(new QFormLayout(this)), m_name(new QLineEdit(this)),
      m_provider(new QComboBox(this)), m_endpoint(new QComboBox(this)), m_customUrl(new QLineEdit(this)),
      m_workspace(new QLineEdit(this)), m_region(new QComboBox(this)), m_key(new QLineEdit(this)),
      m_showKey(new QCheckBox(tr("Show"), this)), m_keyNote(new QLabel(this)), m_keyRow(new QWidget(this))
{
    for (const Profile::Provider provider : Profile::providers())
        m_provider->addItem(Profile::providerName(provider), Profile::providerId(provider));
    m_provider->setAccessibleName(tr("Provider"));
    m_customUrl->setPlaceholderText(u"https://api.example.com"_s);
    m_workspace->setPlaceholderText(tr("The workspace name, as in `bl workspaces`"));
    m_workspace->setAccessibleName(tr("Workspace"));
    m_region->addItem(tr("United States (us)"), u"us"_s);
    m_region->addItem(tr("Asia (asia)"), u"asia"_s);
    m_key->setEchoMode(QLineEdit::Password);
    m_key->setAccessibleName(tr("API key"));
    m_name->setAccessibleName(tr("Profile name"));

    auto *keyLayout = new QHBoxLayout(m_keyRow);
    keyLayout->setContentsMargins(0, 0, 0, 0);
    keyLayout->addWidget(m_key, 1);
    keyLayout->addWidget(m_showKey);
    m_keyRow->setFocusProxy(m_key);

    // Each complaint right under its field, hidden until there is one. Field and complaint share one box in
    // the form's row: a QFormLayout row of its own, shown after being hidden, kept the height its empty text
    // had (none) in this nested form.
    const auto withErrorLine = [this](Field field, QWidget *input) {
        auto *box = new QWidget(this);
        auto *boxLayout = new QVBoxLayout(box);
        boxLayout->setContentsMargins(0, 0, 0, 0);
        boxLayout->setSpacing(2);
        boxLayout->addWidget(input);
        auto *label = new QLabel(box);
        label->setObjectName(u"profileError%1"_s.arg(int(field)));
        label->setWordWrap(true);
        label->setTextFormat(Qt::PlainText);
        label->setVisible(false);
        boxLayout->addWidget(label);
        box->setFocusProxy(input);
        m_errors[std::size_t(field)] = label;
        return box;
    };

    m_form->setContentsMargins(0, 0, 0, 0);
    m_form->addRow(tr("&Name:"), withErrorLine(Field::Name, m_name));
    m_form->addRow(tr("&Provider:"), m_provider);
    m_form->addRow(tr("&API:"), m_endpoint);
    m_form->addRow(tr("Base &URL:"), withErrorLine(Field::BaseUrl, m_customUrl));
    m_form->addRow(tr("&Workspace:"), withErrorLine(Field::Workspace, m_workspace));
    m_form->addRow(tr("&Region:"), m_region);
    m_form->addRow(tr("API &key:"), withErrorLine(Field::Key, m_keyRow));
    m_keyNote->setObjectName(u"keyNote"_s);
    m_keyNote->setWordWrap(true);
    m_keyNote->setTextFormat(Qt::PlainText);
    m_form->addRow(QString(), m_keyNote);
    m_form->setRowVisible(m_keyNote, false);
    applyErrorColour();

    connect(m_showKey, &QCheckBox::toggled, this,
            [this](bool show) { m_key->setEchoMode(show ? QLineEdit::Normal : QLineEdit::Password); });
    connect(m_provider, &QComboBox::currentIndexChanged, this, &ProfileForm::onProviderChanged);
    connect(m_endpoint, &QComboBox::currentIndexChanged, this, &ProfileForm::updateCustomUrl);
    connect(m_customUrl, &QLineEdit::textChanged, this, &ProfileForm::updateSuggestedName);
    connect(m_workspace, &QLineEdit::textChanged, this, &ProfileForm::updateSuggestedName);
    connect(m_name, &QLineEdit::textEdited, this,
            [this](const QString &text) { m_nameIsSuggested = text.trimmed().isEmpty(); });
    connect(m_key, &QLineEdit::textChanged, this, &ProfileForm::updateKeyNote);
    // Editing a field takes its complaint away: the message described the old value.
    connect(m_name, &QLineEdit::textEdited, this, [this] { setFieldError(Field::Name, {}); });
    connect(m_customUrl, &QLineEdit::textEdited, this, [this] { setFieldError(Field::BaseUrl, {}); });
    connect(m_endpoint, &QComboBox::activated, this, [this] { setFieldError(Field::BaseUrl, {}); });
    connect(m_workspace, &QLineEdit::textEdited, this, [this] { setFieldError(Field::Workspace, {}); });
    connect(m_key, &QLineEdit::textEdited, this, [this] { setFieldError(Field::Key, {}); });

    populateEndpoints(Profile::Provider::Klavis);
    updateCustomUrl();
    updateProviderRows();
    updateKeyPlaceholder();
}

Profile::Provider ProfileForm::provider() const
{
    return Profile::providerFromId(m_provider->currentData().toString()).value_or(Profile::Provider::Klavis);
}

void ProfileForm::setProviderSelectable(bool selectable)
{
    m_providerSelectable = selectable;
    updateProviderRows();
}

bool ProfileForm::isRowShown(QWidget *field) const
{
    // A field with a complaint line sits in a box: the box is the row.
    QWidget *row = field->parentWidget() == this ? field : field->parentWidget();
    return m_form->isRowVisible(row);
}

void ProfileForm::populateEndpoints(Profile::Provider provider)
{
    const QSignalBlocker blocker(m_endpoint);
    m_endpoint->clear();
    if (provider == Profile::Provider::Blaxel) {
        m_endpoint->addItem(u"Blaxel (%1)"_s.arg(BlaxelHosts::defaultBaseUrl().toString()),
                            BlaxelHosts::defaultBaseUrl());
    } else {
        for (const KlavisHost &host : KlavisHosts::all())
            m_endpoint->addItem(u"%1 (%2)"_s.arg(host.label, host.baseUrl.toString()), host.baseUrl);
    }
    m_endpoint->addItem(tr("Custom URL…"), QUrl());
    m_endpoint->setCurrentIndex(0);
}

void ProfileForm::onProviderChanged()
{
    // The other service's URL and key mean nothing here: its default API, and a key to paste.
    populateEndpoints(provider());
    updateCustomUrl();
    updateProviderRows();
    updateSuggestedName();
    updateKeyPlaceholder();
    clearFieldErrors();
}

void ProfileForm::updateProviderRows()
{
    const bool blaxel = provider() == Profile::Provider::Blaxel;
    m_form->setRowVisible(m_provider, m_providerSelectable);
    m_form->setRowVisible(m_workspace->parentWidget(), blaxel);
    // Where local-sandbox workspaces go: a Klavis notion.
    m_form->setRowVisible(m_region, !blaxel);
}

void ProfileForm::updateCustomUrl()
{
    const QUrl preset = m_endpoint->currentData().toUrl();
    m_customUrl->setEnabled(preset.isEmpty());
    if (!preset.isEmpty())
        m_customUrl->setText(preset.toString());
}

QString ProfileForm::suggestedName() const
{
    return suggestedNameFor(provider(), QUrl(m_customUrl->text().trimmed()), m_workspace->text().trimmed());
}

void ProfileForm::updateSuggestedName()
{
    if (m_nameIsSuggested)
        m_name->setText(suggestedName());
}

void ProfileForm::updateKeyPlaceholder()
{
    if (m_hasStoredKey && provider() == m_storedProvider)
        m_key->setPlaceholderText(tr("Stored in the keychain; type to replace it"));
    else if (provider() == Profile::Provider::Blaxel)
        m_key->setPlaceholderText(tr("Paste your Blaxel API key"));
    else
        m_key->setPlaceholderText(tr("Paste your Klavis API key"));
}

void ProfileForm::setProfile(const Profile &profile, bool hasStoredKey)
{
    m_id = profile.id;
    m_hasStoredKey = hasStoredKey;
    m_storedProvider = profile.provider;
    {
        const QSignalBlocker blocker(m_provider);
        m_provider->setCurrentIndex(std::max(0, m_provider->findData(Profile::providerId(profile.provider))));
    }
    populateEndpoints(profile.provider);
    updateProviderRows();
    // A new profile, or one still called what we would call it, follows the URL (or workspace) until named.
    m_nameIsSuggested =
        profile.name.isEmpty() ||
        profile.name == suggestedNameFor(profile.provider, profile.baseUrl, profile.workspace);
    m_name->setText(profile.name);
    m_workspace->setText(profile.workspace);
    const int preset = m_endpoint->findData(profile.baseUrl);
    m_endpoint->setCurrentIndex(preset >= 0 ? preset : m_endpoint->count() - 1);
    updateCustomUrl();
    m_customUrl->setText(profile.baseUrl.toString());
    m_region->setCurrentIndex(std::max(0, m_region->findData(profile.region)));
    m_key->clear();
    updateKeyPlaceholder();
    clearFieldErrors();
    // The URL may not have changed (no signal): the suggestion follows what is shown now.
    updateSuggestedName();
}

Profile ProfileForm::profile() const
{
    Profile profile;
    profile.id = m_id;
    profile.name = m_name->text().trimmed();
    profile.provider = provider();
    profile.baseUrl = QUrl(m_customUrl->text().trimmed(), QUrl::StrictMode);
    profile.region = m_region->currentData().toString();
    if (profile.provider == Profile::Provider::Blaxel)
        profile.workspace = m_workspace->text().trimmed();
    return profile;
}

void ProfileForm::updateKeyNote()
{
    const ApiKeyCheck check = ApiKeyPolicy::checkApiKey(m_key->text());
    const bool show = check.isValid() && check.trimmedTrailingWhitespace && !check.key.isEmpty();
    m_keyNote->setText(show ? ApiKeyPolicy::trimmedNote() : QString());
    m_form->setRowVisible(m_keyNote, show);
}

QString ProfileForm::typedKey() const
{
    return ApiKeyPolicy::checkApiKey(m_key->text()).key;
}

QString ProfileForm::keyProblem() const
{
    return ApiKeyPolicy::checkApiKey(m_key->text()).error;
}

ProfileForm::Problem ProfileForm::check(bool keyRequired) const
{
    if (m_name->text().trimmed().isEmpty())
        return {Field::Name, tr("Give the profile a name.")};
    const Profile edited = profile();
    // The same rule as the profile store, the transport and the CLI.
    if (QString problem = UrlPolicy::checkBaseUrl(edited.baseUrl); !problem.isEmpty())
        return {Field::BaseUrl, problem};
    if (edited.baseUrl.hasQuery() || edited.baseUrl.hasFragment())
        return {Field::BaseUrl, tr("The base URL must not contain a query (?...) or fragment (#...).")};
    if (edited.provider == Profile::Provider::Blaxel) {
        if (QString problem = ProfileStore::workspaceProblem(edited.workspace); !problem.isEmpty())
            return {Field::Workspace, problem};
    }
    if (QString problem = keyProblem(); !problem.isEmpty())
        return {Field::Key, problem};
    const bool storedKeyFits = !m_id.isEmpty() && edited.provider == m_storedProvider;
    if ((keyRequired || !storedKeyFits) && typedKey().isEmpty()) {
        return {Field::Key,
                edited.provider == Profile::Provider::Blaxel
                    ? tr("Enter the API key (from the Blaxel console, or import it from the Blaxel "
                         "CLI).")
                    : tr("Enter the API key (from your Klavis dashboard).")};
    }
    return {};
}

void ProfileForm::setFieldError(Field field, const QString &message)
{
    QLabel *label = m_errors[std::size_t(field)];
    label->setText(message);
    label->setVisible(!message.isEmpty());
}

QString ProfileForm::fieldError(Field field) const
{
    QLabel *label = m_errors[std::size_t(field)];
    return label->isHidden() ? QString() : label->text();
}

void ProfileForm::clearFieldErrors()
{
    for (const Field field : {Field::Name, Field::BaseUrl, Field::Workspace, Field::Key})
        setFieldError(field, {});
}

QWidget *ProfileForm::fieldWidget(Field field) const
{
    switch (field) {
    case Field::Name:
        break;
    case Field::BaseUrl:
        return m_customUrl;
    case Field::Workspace:
        return m_workspace;
    case Field::Key:
        return m_key;
    }
    return m_name;
}

void ProfileForm::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        applyErrorColour();
}

void ProfileForm::applyErrorColour()
{
    for (QLabel *label : m_errors)
        ErrorColour::applyTo(label, palette());
}

void ProfileForm::focusKey()
{
    m_key->setFocus(Qt::OtherFocusReason);
}
