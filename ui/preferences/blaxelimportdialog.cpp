#include "preferences/blaxelimportdialog.h"

#include "catalog/blaxelhosts.h"
#include "settings/blaxelprofileimporter.h"
#include "settings/profilestore.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>

using namespace Qt::StringLiterals;

namespace {

QString describe(const BlaxelCredential &credential)
{
    QStringList parts{credential.workspace};
    parts << (credential.keyKind == BlaxelCredential::KeyKind::AccessToken
                  ? BlaxelImportDialog::tr("login token %1 (expires)")
                  : BlaxelImportDialog::tr("API key %1"))
                 .arg(BlaxelConfigImport::maskedKey(credential.key));
    parts << (credential.source == BlaxelCredential::Source::Environment
                  ? BlaxelImportDialog::tr("from BL_API_KEY")
                  : BlaxelImportDialog::tr("from config.yaml"));
    if (credential.isCurrentContext)
        parts << BlaxelImportDialog::tr("current workspace");
    // Only a URL that passed UrlPolicy gets here, and a base URL has no user info or query.
    if (!BlaxelHosts::isOfficial(credential.baseUrl))
        parts << credential.baseUrl.toString(QUrl::RemoveUserInfo);
    return parts.join(u" — "_s);
}

} // namespace

BlaxelImportDialog::BlaxelImportDialog(const BlaxelConfigScan &scan, ProfileStore *profiles,
                                       CredentialStore *credentials, QWidget *parent)
    : FormDialog(tr("Import from Blaxel CLI"), parent), m_scan(scan), m_profiles(profiles),
      m_importer(new BlaxelProfileImporter(profiles, credentials, this)), m_list(new QListWidget(this)),
      m_notes(new QLabel(this))
{
    auto *intro =
        new QLabel(tr("Workspaces and keys found in %1 and the environment (BL_API_KEY, BL_WORKSPACE, "
                      "BL_API_URL). Each checked one becomes a Blaxel profile; its key goes to the "
                      "system keychain, never to a settings file.")
                       .arg(u"~/.blaxel/config.yaml"_s),
                   this);
    intro->setWordWrap(true);
    intro->setTextFormat(Qt::PlainText);
    addFormWidget(intro);
    m_list->setAccessibleName(tr("Workspaces found"));
    m_list->setObjectName(u"blaxelImportList"_s);
    // A long entry (a custom URL, an existing profile's name) wraps rather than hiding behind a scroll bar.
    m_list->setWordWrap(true);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setResizeMode(QListView::Adjust);
    addFormWidget(m_list);
    m_notes->setObjectName(u"blaxelImportNotes"_s);
    m_notes->setWordWrap(true);
    m_notes->setTextFormat(Qt::PlainText);
    addFormWidget(m_notes);

    buttonBox()->button(QDialogButtonBox::Ok)->setText(tr("&Import"));
    connect(this, &FormDialog::submitted, this, &BlaxelImportDialog::runImport);
    connect(m_importer, &BlaxelProfileImporter::finished, this, &BlaxelImportDialog::onImportFinished);
    fillList();
    resize(620, sizeHint().height());
}

BlaxelImportDialog::~BlaxelImportDialog() = default;

QStringList BlaxelImportDialog::createdIds() const
{
    return m_importer->createdIds();
}

void BlaxelImportDialog::fillList()
{
    m_list->clear();
    int importable = 0;
    for (qsizetype i = 0; i < m_scan.credentials.size(); ++i) {
        const BlaxelCredential &credential = m_scan.credentials.at(i);
        auto *item = new QListWidgetItem(describe(credential), m_list);
        item->setData(Qt::UserRole, int(i));
        const Profile existing = m_profiles->blaxelProfileFor(credential.workspace, credential.baseUrl);
        if (existing.isValid()) {
            item->setText(item->text() + u" — "_s + tr("already profile “%1”").arg(existing.name));
            item->setFlags(item->flags() & ~(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable));
            item->setCheckState(Qt::Unchecked);
        } else {
            item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
            item->setCheckState(Qt::Checked);
            ++importable;
        }
    }

    QStringList notes = m_scan.problems;
    if (m_scan.credentials.isEmpty())
        notes.prepend(
            m_scan.configFileFound
                ? tr("No workspace with a usable key was found.")
                : tr("Nothing to import: there is no ~/.blaxel/config.yaml and BL_API_KEY is not set. "
                     "Log in with `bl login WORKSPACE` first, or add a Blaxel profile by hand."));
    m_notes->setText(notes.join(u'\n'));
    m_notes->setVisible(!notes.isEmpty());
    m_list->setVisible(!m_scan.credentials.isEmpty());
    okButton()->setEnabled(importable > 0);
}

QString BlaxelImportDialog::validate()
{
    for (int row = 0; row < m_list->count(); ++row) {
        if (m_list->item(row)->checkState() == Qt::Checked)
            return {};
    }
    return tr("Check at least one workspace to import.");
}

void BlaxelImportDialog::runImport()
{
    QList<BlaxelCredential> chosen;
    for (int row = 0; row < m_list->count(); ++row) {
        const QListWidgetItem *item = m_list->item(row);
        if (item->checkState() == Qt::Checked)
            chosen << m_scan.credentials.at(item->data(Qt::UserRole).toInt());
    }
    setBusy(true, tr("Saving the keys in the keychain…"));
    m_importer->start(chosen);
}

void BlaxelImportDialog::onImportFinished()
{
    setBusy(false);
    const BlaxelProfileImporter::Report &report = m_importer->report();
    m_summary = BlaxelProfileImporter::describe(report);
    if (report.errors.isEmpty()) {
        accept();
        return;
    }
    // What was created now shows as a profile; what failed stays checked for another try.
    fillList();
    showStatus(m_summary);
}
