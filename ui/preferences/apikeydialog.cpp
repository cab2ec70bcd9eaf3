#include "preferences/apikeydialog.h"

#include "catalog/klavishosts.h"
#include "preferences/profileform.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLayout>
#include <QLineEdit>
#include <QPushButton>

using namespace Qt::StringLiterals;

ApiKeyDialog::ApiKeyDialog(Reason reason, const Profile &profile, QWidget *parent)
    : FormDialog(QString(), parent), m_form(new ProfileForm(this))
{
    setWindowTitle(reason == Reason::FirstRun ? tr("Welcome to SandboxDeck") : tr("API key"));
    QString intro;
    switch (reason) {
    case Reason::FirstRun:
        intro = tr("Connect to Klavis with an API key from your dashboard. The key is kept in the system "
                   "keychain, never in a settings file. Or look around first with the built-in demo.");
        break;
    case Reason::KeyMissing:
        intro = tr("The server says the API key is missing for profile “%1”. Enter it to continue.")
                    .arg(profile.name);
        break;
    case Reason::KeyRefused:
        intro = tr("The server refused the API key of profile “%1”. Check it in your Klavis dashboard and "
                   "enter it again.")
                    .arg(profile.name);
        break;
    }
    auto *label = new QLabel(intro, this);
    label->setWordWrap(true);
    addFormWidget(label);
    addFormWidget(m_form);
    Profile shown = profile;
    if (shown.name.isEmpty())
        shown.name = tr("Klavis");
    if (shown.baseUrl.isEmpty())
        shown.baseUrl = KlavisHosts::defaultBaseUrl();
    m_form->setProfile(shown, false);
    registerField(u"api_key"_s, m_form->keyField());
    if (reason == Reason::FirstRun) {
        auto *demo = buttonBox()->addButton(tr("Open the &Demo"), QDialogButtonBox::ActionRole);
        connect(demo, &QPushButton::clicked, this, [this] {
            emit demoRequested();
            reject();
        });
    }
    buttonBox()->button(QDialogButtonBox::Ok)->setText(tr("&Connect"));
    m_form->focusKey();
    resize(520, sizeHint().height());
}

Profile ApiKeyDialog::profile() const
{
    return m_form->profile();
}

QString ApiKeyDialog::key() const
{
    return m_form->typedKey();
}

QString ApiKeyDialog::validate()
{
    // Beside the field, so the user sees which input is wrong; the key itself is never repeated.
    if (QString problem = m_form->keyProblem(); !problem.isEmpty()) {
        setFieldError(u"api_key"_s, problem);
        return problem;
    }
    return m_form->validate(true);
}
