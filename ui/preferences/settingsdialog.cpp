#include "preferences/settingsdialog.h"

#include "catalog/klavishosts.h"
#include "preferences/blaxelimportdialog.h"
#include "preferences/profileform.h"
#include "preferences/themeapplier.h"
#include "settings/blaxelconfigimport.h"
#include "settings/credentialstore.h"
#include "settings/languagesetting.h"
#include "settings/profilestore.h"
#include "settings/themesetting.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFont>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

SettingsDialog::SettingsDialog(ProfileStore *profiles, CredentialStore *credentials, QWidget *parent)
    : FormDialog(QString(), parent), m_profiles(profiles), m_credentials(credentials),
      m_list(new QListWidget(this)), m_form(new ProfileForm(this)), m_language(new QComboBox(this)),
      m_theme(new QComboBox(this))
{
    setWindowTitle(tr("Settings"));
    auto *row = new QWidget(this);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *left = new QVBoxLayout;
    left->addWidget(m_list, 1);
    auto *add = new QPushButton(tr("&Add"), row);
    auto *remove = new QPushButton(tr("&Remove"), row);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(remove);
    left->addLayout(buttons);
    m_importButton = new QPushButton(tr("&Import from Blaxel CLI…"), row);
    m_importButton->setToolTip(tr("Blaxel workspaces and keys from ~/.blaxel/config.yaml and BL_API_KEY"));
    left->addWidget(m_importButton);
    layout->addLayout(left, 1);
    layout->addWidget(m_form, 2);
    m_demoNote = new QLabel(tr("The built-in demo runs an emulator on this computer: it needs no URL and no "
                               "key, and nothing of it is stored. Pick a profile and save to leave it."),
                            row);
    m_demoNote->setWordWrap(true);
    m_demoNote->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_demoNote->setVisible(false);
    layout->addWidget(m_demoNote, 2);
    m_removeButton = remove;
    m_list->setAccessibleName(tr("Profiles"));
    addFormWidget(row);
    // The form puts each complaint under its own field.
    m_form->setProviderSelectable(true);
    m_blaxelConfigPath = BlaxelConfigImport::defaultConfigPath();
    m_blaxelEnvironment = QProcessEnvironment::systemEnvironment();
    buttonBox()->button(QDialogButtonBox::Ok)->setText(tr("&Save and Use"));

    // Each language by its own name, so that someone who cannot read the current one finds theirs.
    m_language->addItem(tr("System default"), QString());
    m_language->addItem(u"English"_s, u"en"_s);
    m_language->addItem(u"Deutsch"_s, u"de"_s);
    m_language->setCurrentIndex(std::max(0, m_language->findData(LanguageSetting::stored())));
    auto *languageRow = new QWidget(this);
    auto *languageLayout = new QHBoxLayout(languageRow);
    languageLayout->setContentsMargins(0, 0, 0, 0);
    languageLayout->addWidget(m_language);
    // Every window builds its texts once: switching them all live is not worth its code.
    languageLayout->addWidget(new QLabel(tr("Takes effect after a restart."), languageRow), 1);
    languageRow->setFocusProxy(m_language);
    addField(tr("&Language:"), languageRow);

    m_theme->addItem(tr("System"), int(ThemeSetting::Theme::System));
    m_theme->addItem(tr("Light"), int(ThemeSetting::Theme::Light));
    m_theme->addItem(tr("Dark"), int(ThemeSetting::Theme::Dark));
    m_theme->setCurrentIndex(std::max(0, m_theme->findData(int(ThemeSetting::stored()))));
    connect(m_theme, &QComboBox::currentIndexChanged, this, [this] {
        ThemeApplier::apply(static_cast<ThemeSetting::Theme>(m_theme->currentData().toInt()));
    });
    addField(tr("&Theme:"), m_theme);

    connect(m_list, &QListWidget::currentRowChanged, this, &SettingsDialog::showSelected);
    connect(add, &QPushButton::clicked, this, &SettingsDialog::addProfile);
    connect(remove, &QPushButton::clicked, this, &SettingsDialog::removeSelected);
    connect(m_importButton, &QPushButton::clicked, this, &SettingsDialog::openBlaxelImport);
    connect(this, &FormDialog::submitted, this, &SettingsDialog::save);
    reload(m_profiles->currentProfile().id);
    resize(720, 360);
}

namespace {

// The list entry of the running demo: never an id a ProfileStore hands out (those are UUIDs).
const QString demoEntryId = u"demo"_s;

} // namespace

void SettingsDialog::setDemoActive(bool active)
{
    m_demoActive = active;
    reload(active ? demoEntryId : m_profiles->currentProfile().id);
}

bool SettingsDialog::demoSelected() const
{
    const QListWidgetItem *item = m_list->currentItem();
    return item && item->data(Qt::UserRole).toString() == demoEntryId;
}

void SettingsDialog::reload(const QString &selectId)
{
    QSignalBlocker blocker(m_list);
    m_list->clear();
    if (m_demoActive) {
        auto *demo = new QListWidgetItem(tr("Demo (built-in emulator)"), m_list);
        demo->setData(Qt::UserRole, demoEntryId);
        demo->setIcon(QIcon(u":/icons/local.svg"_s));
        if (selectId == demoEntryId)
            m_list->setCurrentItem(demo);
    }
    for (const auto &profile : m_profiles->profiles()) {
        const bool blaxel = profile.provider == Profile::Provider::Blaxel;
        // Klavis is the default: only the other provider says its name.
        auto *item = new QListWidgetItem(
            blaxel ? u"%1 (%2)"_s.arg(profile.name, Profile::providerName(profile.provider)) : profile.name,
            m_list);
        item->setData(Qt::UserRole, profile.id);
        // The profile each provider uses, in bold: one Klavis and one Blaxel can be in use together. The demo
        // stands in for Klavis while it runs.
        const bool inUse =
            m_profiles->currentProfile(profile.provider).id == profile.id && !(m_demoActive && !blaxel);
        QFont font = item->font();
        font.setBold(inUse);
        item->setFont(font);
        QString tip = blaxel ? tr("Blaxel, workspace %1").arg(profile.workspace) : tr("Klavis");
        if (inUse)
            tip += u" — "_s + tr("in use");
        item->setToolTip(tip);
        if (profile.id == selectId)
            m_list->setCurrentItem(item);
    }
    blocker.unblock();
    if (!m_list->currentItem() && m_list->count() > 0)
        m_list->setCurrentRow(0);
    showSelected();
}

void SettingsDialog::showSelected()
{
    // The demo needs no name, URL or key: a note instead of the form, which keeps what it held.
    m_form->setEnabled(!demoSelected());
    m_form->setVisible(!demoSelected());
    m_demoNote->setVisible(demoSelected());
    m_removeButton->setEnabled(!demoSelected());
    if (demoSelected()) {
        m_editingId.clear();
        return;
    }
    auto *item = m_list->currentItem();
    m_editingId = item ? item->data(Qt::UserRole).toString() : QString();
    Profile profile = m_profiles->profile(m_editingId);
    if (!profile.isValid()) {
        profile.name = tr("Klavis");
        profile.baseUrl = KlavisHosts::defaultBaseUrl();
    }
    m_form->setProfile(profile, profile.isValid());
}

void SettingsDialog::addProfile()
{
    Profile profile;
    QString name = tr("New profile");
    for (int n = 2;
         !m_profiles->validate(Profile{QString(), name, KlavisHosts::defaultBaseUrl(), u"us"_s, false})
              .isEmpty();
         ++n)
        name = tr("New profile %1").arg(n);
    profile.name = name;
    profile.baseUrl = KlavisHosts::defaultBaseUrl();
    const QString id = m_profiles->addProfile(profile);
    reload(id);
    m_form->nameField()->setFocus();
    m_form->nameField()->selectAll();
}

void SettingsDialog::removeSelected()
{
    if (m_editingId.isEmpty() || demoSelected())
        return;
    const Profile profile = m_profiles->profile(m_editingId);
    if (QMessageBox::question(
            this, tr("Remove profile"),
            tr("Remove profile “%1” and delete its API key from the keychain?").arg(profile.name)) !=
        QMessageBox::Yes)
        return;
    m_credentials->deleteKey(m_editingId, profile.provider);
    m_profiles->removeProfile(m_editingId);
    reload(m_profiles->currentProfile().id);
}

QString SettingsDialog::validate()
{
    if (demoSelected())
        return {};
    m_form->clearFieldErrors();
    ProfileForm::Problem problem = m_form->check(m_editingId.isEmpty());
    Profile edited = m_form->profile();
    edited.id = m_editingId;
    if (problem.message.isEmpty())
        problem = {ProfileForm::Field::Name, m_profiles->nameProblem(edited)};
    if (!problem.message.isEmpty()) {
        m_form->setFieldError(problem.field, problem.message);
        m_form->fieldWidget(problem.field)->setFocus(Qt::OtherFocusReason);
        return problem.message;
    }
    return m_profiles->validate(edited);
}

void SettingsDialog::setBlaxelSources(const QString &configPath, const QProcessEnvironment &environment)
{
    m_blaxelConfigPath = configPath;
    m_blaxelEnvironment = environment;
}

BlaxelImportDialog *SettingsDialog::openBlaxelImport()
{
    if (m_importDialog)
        return m_importDialog;
    auto *dialog = new BlaxelImportDialog(BlaxelConfigImport::scan(m_blaxelConfigPath, m_blaxelEnvironment),
                                          m_profiles, m_credentials, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_importDialog = dialog;
    // Closed after a partial import too: what was created shows in the list, the first one selected.
    connect(dialog, &QDialog::finished, this, [this, dialog] {
        const QStringList created = dialog->createdIds();
        if (created.isEmpty())
            return;
        reload(created.constFirst());
        setStatus(dialog->summary());
    });
    dialog->open();
    return dialog;
}

void SettingsDialog::activate(const QString &profileId)
{
    m_profiles->setCurrentProfile(profileId);
    if (m_profiles->profile(profileId).provider == Profile::Provider::Blaxel)
        emit blaxelProfileActivated(profileId);
    else
        emit profileActivated(profileId);
}

void SettingsDialog::reject()
{
    // The theme was tried out live: Cancel puts back the one in force.
    ThemeApplier::apply(ThemeSetting::effective());
    FormDialog::reject();
}

void SettingsDialog::save()
{
    LanguageSetting::store(m_language->currentData().toString());
    ThemeSetting::store(static_cast<ThemeSetting::Theme>(m_theme->currentData().toInt()));
    // SANDBOXDECK_THEME (or --theme) stays above the stored choice, as at the next start.
    ThemeApplier::apply(ThemeSetting::effective());
    if (demoSelected()) {
        accept(); // the demo stays; only the language and the theme were saved
        return;
    }
    Profile edited = m_form->profile();
    edited.id = m_editingId;
    QString id = m_editingId;
    if (id.isEmpty())
        id = m_profiles->addProfile(edited);
    else if (!m_profiles->updateProfile(edited))
        id.clear();
    if (id.isEmpty()) {
        showStatus(m_profiles->lastError());
        return;
    }
    const QString key = m_form->typedKey();
    if (key.isEmpty()) {
        activate(id);
        accept();
        return;
    }
    setBusy(true, tr("Saving the key in the keychain…"));
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = connect(m_credentials, &CredentialStore::keyWritten, this,
                          [this, id, connection](const QString &profileId, const QString &error) {
                              if (profileId != id)
                                  return;
                              disconnect(*connection);
                              setBusy(false);
                              if (!error.isEmpty()) {
                                  m_form->setFieldError(ProfileForm::Field::Key, error);
                                  showStatus(error);
                                  return;
                              }
                              activate(id);
                              accept();
                          });
    m_credentials->writeKey(id, key, m_profiles->profile(id).provider);
}
