#include "mainwindow/applicationcontroller.h"

#include "catalog/klavishosts.h"
#include "mainwindow/mainwindow.h"
#include "preferences/apikeydialog.h"
#include "preferences/settingsdialog.h"
#include "preferences/themeapplier.h"
#include "session/appsession.h"
#include "settings/credentialstore.h"
#include "settings/languagesetting.h"
#include "settings/profilestore.h"
#include "settings/themesetting.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QMessageBox>
#include <QTranslator>

#include <algorithm>

using namespace Qt::StringLiterals;

ApplicationController::ApplicationController(QObject *parent)
    : QObject(parent), m_session(new AppSession(this)), m_profiles(new ProfileStore(this)),
      m_credentials(new CredentialStore(this))
{
    applyLanguage();
    ThemeApplier::apply(ThemeSetting::effective());
    // The Blaxel profile in use was removed (Settings): its sandboxes go, the view offers to add one. A
    // profile chosen instead connects through blaxelProfileActivated.
    connect(m_profiles, &ProfileStore::currentBlaxelProfileChanged, this, [this] {
        if (!m_session->isDemo() && !m_profiles->currentProfile(Profile::Provider::Blaxel).isValid())
            m_session->disconnectBlaxel();
    });
}

QLocale ApplicationController::applyLanguage()
{
    // Replaced, not added to, when a second controller starts in one process (the GUI tests do).
    static QTranslator *ours = nullptr;
    static QTranslator *qts = nullptr;
    for (QTranslator **translator : {&ours, &qts}) {
        if (*translator) {
            QCoreApplication::removeTranslator(*translator);
            delete *translator;
            *translator = nullptr;
        }
    }
    const QLocale locale = LanguageSetting::effectiveLocale();
    QLocale::setDefault(locale);
    // English is a translation too: it holds the plural forms ("1 sandbox", "2 sandboxes"). A language
    // without a translation gets English, not the raw "sandbox(es)" of the sources.
    ours = new QTranslator(QCoreApplication::instance());
    if (!ours->load(locale, u"sandboxdeck"_s, u"_"_s, u":/i18n"_s) &&
        !ours->load(u":/i18n/sandboxdeck_en.qm"_s)) {
        qWarning("SandboxDeck: the translations are missing from the build");
        delete ours;
        ours = nullptr;
        return locale;
    }
    QCoreApplication::installTranslator(ours);
    // Qt's own words (the Yes, No and Cancel of standard buttons, the file dialog) when the system has
    // them (package qt6-translations-l10n); English otherwise.
    if (!ours->language().startsWith(u"en"_s)) {
        qts = new QTranslator(QCoreApplication::instance());
        if (qts->load(locale, u"qtbase"_s, u"_"_s, QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
            QCoreApplication::installTranslator(qts);
        } else {
            delete qts;
            qts = nullptr;
        }
    }
    return locale;
}

ApplicationController::~ApplicationController()
{
    delete m_window;
}

bool ApplicationController::start(bool demo)
{
    m_window = new MainWindow(m_session);
    connect(m_window, &MainWindow::apiKeyNeeded, this, &ApplicationController::promptForKey);
    connect(m_window, &MainWindow::settingsRequested, this, &ApplicationController::openSettings);
    connect(m_window, &MainWindow::demoRequested, this, &ApplicationController::startDemo);
    if (demo) {
        if (!startDemo())
            return false;
        m_window->show();
        return true;
    }
    m_window->show();
    if (!m_commandLineProfile.isEmpty()) {
        const auto profiles = m_profiles->profiles();
        const auto named = std::find_if(profiles.cbegin(), profiles.cend(), [this](const Profile &profile) {
            return profile.name == m_commandLineProfile;
        });
        if (named == profiles.cend()) {
            QMessageBox::critical(m_window, tr("Profile"),
                                  tr("There is no profile named “%1”.").arg(m_commandLineProfile));
            return false;
        }
        m_profiles->setCurrentProfile(named->id);
        m_credentials->setEnvironmentKeyProfile(named->id);
    }
    // Blaxel beside Klavis: its current profile connects whatever becomes of the Klavis one.
    if (const Profile blaxel = m_profiles->currentProfile(Profile::Provider::Blaxel); blaxel.isValid())
        connectBlaxelProfile(blaxel);
    const Profile current = m_profiles->currentProfile();
    if (current.isValid()) {
        connectProfile(current);
    } else if (!CredentialStore::environmentKey().isEmpty()) {
        // Headless use: a key in the environment and no profile yet means the default API.
        Profile profile;
        profile.name = u"Klavis"_s;
        profile.baseUrl = KlavisHosts::defaultBaseUrl();
        connectProfile(m_profiles->profile(m_profiles->addProfile(profile)));
    } else {
        showFirstRun();
    }
    return true;
}

bool ApplicationController::startDemo()
{
    QString error;
    if (m_session->startDemo(&error))
        return true;
    QMessageBox::critical(m_window, tr("Demo"), error);
    return false;
}

void ApplicationController::connectProfile(const Profile &profile)
{
    if (profile.demo) {
        startDemo();
        return;
    }
    connectWithStoredKey(profile);
}

void ApplicationController::connectBlaxelProfile(const Profile &profile)
{
    if (!profile.isValid() || !profile.isBlaxel()) {
        m_session->disconnectBlaxel();
        return;
    }
    connectWithStoredKey(profile);
}

void ApplicationController::connectWithStoredKey(const Profile &profile)
{
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = connect(
        m_credentials, &CredentialStore::keyRead, this,
        [this, profile, connection](const QString &profileId, const QString &key, const QString &error) {
            if (profileId != profile.id)
                return;
            disconnect(*connection);
            if (profile.isBlaxel())
                m_session->connectBlaxel(profile.name, profile.baseUrl, key, profile.workspace);
            else
                m_session->connectTo(profile.name, profile.baseUrl, key, profile.region);
            if (!error.isEmpty())
                QMessageBox::warning(m_window, tr("Keychain"), error);
            if (!key.isEmpty())
                return;
            // Klavis is the main connection: it asks for the key at once. Blaxel sits beside it and says
            // where the key goes, unless the keychain's error already said why there is none.
            if (!profile.isBlaxel())
                promptForKey(401);
            else if (error.isEmpty())
                QMessageBox::warning(m_window, tr("Blaxel"),
                                     tr("The Blaxel profile “%1” has no API key in the keychain. Edit it in "
                                        "Settings to enter one.")
                                         .arg(profile.name));
        });
    m_credentials->readKey(profile.id, profile.baseUrl, profile.provider);
}

void ApplicationController::showFirstRun()
{
    auto *dialog = new ApiKeyDialog(ApiKeyDialog::Reason::FirstRun, Profile{}, m_window);
    m_keyDialog = dialog;
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &ApiKeyDialog::demoRequested, this, &ApplicationController::startDemo);
    connect(dialog, &FormDialog::submitted, this,
            [this, dialog] { saveAndConnect(dialog->profile(), dialog->key(), dialog); });
    dialog->open();
}

void ApplicationController::promptForKey(int httpStatus)
{
    if (m_session->isDemo() || m_keyDialog)
        return;
    Profile profile = m_profiles->currentProfile();
    auto *dialog = new ApiKeyDialog(httpStatus == 403 ? ApiKeyDialog::Reason::KeyRefused
                                                      : ApiKeyDialog::Reason::KeyMissing,
                                    profile, m_window);
    m_keyDialog = dialog;
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &FormDialog::submitted, this, [this, dialog, profile] {
        Profile edited = dialog->profile();
        edited.id = profile.id;
        saveAndConnect(edited, dialog->key(), dialog);
    });
    dialog->open();
}

void ApplicationController::saveAndConnect(const Profile &profile, const QString &key, ApiKeyDialog *dialog)
{
    QString id = profile.id;
    if (id.isEmpty())
        id = m_profiles->addProfile(profile);
    else
        m_profiles->updateProfile(profile);
    if (id.isEmpty()) {
        dialog->showStatus(m_profiles->lastError());
        return;
    }
    m_profiles->setCurrentProfile(id);
    dialog->setBusy(true, tr("Saving the key in the keychain…"));
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection =
        connect(m_credentials, &CredentialStore::keyWritten, dialog,
                [this, id, key, dialog, connection](const QString &profileId, const QString &error) {
                    if (profileId != id)
                        return;
                    disconnect(*connection);
                    dialog->setBusy(false);
                    const Profile saved = m_profiles->profile(id);
                    // Without a keychain the key still works for this session; say it was not kept.
                    if (!error.isEmpty())
                        QMessageBox::warning(dialog, tr("Keychain"), error);
                    m_session->connectTo(saved.name, saved.baseUrl, key, saved.region);
                    dialog->accept();
                });
    m_credentials->writeKey(id, key, m_profiles->profile(id).provider);
}

void ApplicationController::openSettings()
{
    auto *dialog = new SettingsDialog(m_profiles, m_credentials, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setDemoActive(m_session->isDemo());
    connect(dialog, &SettingsDialog::profileActivated, this,
            [this](const QString &id) { connectProfile(m_profiles->profile(id)); });
    connect(dialog, &SettingsDialog::blaxelProfileActivated, this,
            [this](const QString &id) { connectBlaxelProfile(m_profiles->profile(id)); });
    dialog->open();
}
