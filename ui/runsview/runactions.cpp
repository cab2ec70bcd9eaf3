#include "runsview/runactions.h"

#include "api/sandboxkey.h"
#include "common/confirmationbox.h"
#include "common/newfolderdialog.h"
#include "models/runlistmodel.h"
#include "runsview/runmanifestfiles.h"
#include "runsview/runspage.h"
#include "sandboxlist/releasewording.h"
#include "session/appsession.h"
#include "session/localsandboxescontroller.h"
#include "session/sandboxescontroller.h"
#include "workspace/transferqueue.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>

using namespace Qt::StringLiterals;

namespace {

constexpr int listedInQuestion = 15;

// RUN-ID.tar.gz. Both come from the ledger, which a manifest import or another program may have filled:
// anything but the characters of a run name becomes '_', so no name climbs out of the folder.
QString dumpFileName(const QString &run, const QString &sandboxId)
{
    QString name = run + u'-' + sandboxId;
    for (QChar &character : name)
        if (!(character.isLetterOrNumber() && character.unicode() < 0x80) && character != u'-' &&
            character != u'_' && character != u'.')
            character = u'_';
    if (name.startsWith(u'.'))
        name[0] = u'_';
    return name + u".tar.gz"_s;
}

QString sandboxLabel(const LedgerSandbox &sandbox)
{
    return sandbox.servers.join(u',') + u'/' + sandbox.sandboxId;
}

} // namespace

RunActions::RunActions(const Services &services, std::function<const RunListEntry *()> selectedRun,
                       QWidget *page)
    : QObject(page), m_services(services), m_selectedRun(std::move(selectedRun)), m_page(page),
      m_release(new QAction(QIcon(u":/icons/release.svg"_s), RunsPage::tr("&Release All…"), page)),
      m_reset(new QAction(QIcon(u":/icons/reset.svg"_s), RunsPage::tr("Re&set All…"), page)),
      m_dump(new QAction(QIcon(u":/icons/download.svg"_s), RunsPage::tr("&Dump Local Workspaces…"), page)),
      m_export(new QAction(QIcon(u":/icons/json.svg"_s), RunsPage::tr("E&xport Manifest…"), page)),
      m_import(new QAction(QIcon(u":/icons/folder.svg"_s), RunsPage::tr("&Import Manifest…"), page))
{
    m_release->setObjectName(u"releaseRun"_s);
    m_reset->setObjectName(u"resetRun"_s);
    m_dump->setObjectName(u"dumpRun"_s);
    m_export->setObjectName(u"exportManifest"_s);
    m_import->setObjectName(u"importManifest"_s);
    m_release->setToolTip(RunsPage::tr("Release every sandbox the selected run holds, after one question"));
    m_reset->setToolTip(RunsPage::tr("Reset every sandbox the selected run holds to its initial data"));
    m_dump->setToolTip(RunsPage::tr("Save the workspace of each local sandbox of the run into a folder, one "
                                    "archive each"));
    m_export->setToolTip(RunsPage::tr("Write the run's manifest: a JSON record of its sandboxes and "
                                      "transfers, no secrets"));
    m_import->setToolTip(RunsPage::tr("Show a past run from its manifest file, read-only"));
    connect(m_release, &QAction::triggered, this, &RunActions::releaseSelectedRun);
    connect(m_reset, &QAction::triggered, this, &RunActions::resetSelectedRun);
    connect(m_dump, &QAction::triggered, this, &RunActions::dumpSelectedRun);
    connect(m_export, &QAction::triggered, this, &RunActions::exportManifest);
    connect(m_import, &QAction::triggered, this, &RunActions::importManifest);
}

QList<QAction *> RunActions::actions() const
{
    return {m_release, m_reset, m_dump, m_export, m_import};
}

void RunActions::update()
{
    const RunListEntry *run = m_selectedRun();
    // An imported run is a record of the past: nothing of it is ours to act on.
    const bool live = run && !run->imported;
    int held = 0, heldLocal = 0, resettable = 0, heldUniverses = 0;
    for (const LedgerSandbox &sandbox : run ? run->sandboxes : QList<LedgerSandbox>()) {
        if (!sandbox.isHeld())
            continue;
        ++held;
        heldLocal += sandbox.provider == LedgerProvider::KlavisLocal;
        // What resetSelectedRun() hands to the controllers' bulk resets; nothing else has a reset.
        resettable +=
            sandbox.provider == LedgerProvider::Klavis || sandbox.provider == LedgerProvider::KlavisLocal;
        heldUniverses += sandbox.provider == LedgerProvider::KlavisUniverse;
    }
    m_release->setEnabled(live && held > 0);
    m_reset->setEnabled(live && resettable > 0);
    m_reset->setToolTip(
        live && resettable == 0 && heldUniverses > 0
            ? RunsPage::tr("Universe instances have no reset: they are re-initialized on release")
            : RunsPage::tr("Reset every sandbox the selected run holds to its initial data"));
    m_dump->setEnabled(live && heldLocal > 0);
    m_export->setEnabled(run && (run->imported || run->inLedger()));
}

void RunActions::releaseSelectedRun()
{
    const RunListEntry *run = m_selectedRun();
    if (!run || run->imported)
        return;
    QStringList lines;
    QStringList every; // a tag-only run's question names every sandbox it would release
    int held = 0;
    const bool inLedger = run->inLedger();
    for (const LedgerSandbox &sandbox : run->sandboxes) {
        if (!sandbox.isHeld())
            continue;
        if (++held <= listedInQuestion)
            lines << u"• "_s + sandboxLabel(sandbox);
        if (!inLedger)
            every << sandboxLabel(sandbox);
    }
    if (held == 0)
        return;
    if (held > listedInQuestion)
        lines << RunsPage::tr("… and %n more", nullptr, held - listedInQuestion);
    const QString name = run->name;
    QList<LedgerSandbox> listed;
    if (!inLedger)
        for (const LedgerSandbox &sandbox : run->sandboxes)
            if (sandbox.isHeld())
                listed.append(sandbox);
    // A run this ledger does not know is only a tag: whoever else tagged sandboxes with that name would lose
    // them too. The question says so and names each one.
    const QString onlyByTag =
        inLedger
            ? QString()
            : u"\n\n"_s + RunsPage::tr("This ledger has no run named %1: these sandboxes were found only by "
                                       "their tag, and may be someone else's.")
                              .arg(name);
    if (!ConfirmationBox::ask(m_page,
                              RunsPage::tr("Release all %n sandbox(es) of run %1?", nullptr, held).arg(name),
                              ReleaseWording::klavisConsequence(ReleaseWording::Verb::Release, held) +
                                  onlyByTag + u"\n\n"_s + lines.join(u'\n'),
                              ReleaseWording::actionText(ReleaseWording::Verb::Release), every.join(u'\n')))
        return;
    // A run the ledger knows is released by name (and what the server holds with its tag); a run only seen
    // as a tag by the sandboxes listed with it.
    if (inLedger)
        emit releaseRunRequested(name);
    else
        emit releaseSandboxesRequested(name, listed);
}

void RunActions::resetSelectedRun()
{
    const RunListEntry *run = m_selectedRun();
    if (!run || run->imported)
        return;
    QList<SandboxKey> klavis;
    QStringList local;
    for (const LedgerSandbox &sandbox : run->sandboxes) {
        if (!sandbox.isHeld())
            continue;
        if (sandbox.provider == LedgerProvider::Klavis)
            klavis << SandboxKey{sandbox.servers.value(0), sandbox.sandboxId};
        else if (sandbox.provider == LedgerProvider::KlavisLocal)
            local << sandbox.sandboxId;
    }
    const int count = int(klavis.size() + local.size());
    if (count == 0 ||
        !ConfirmationBox::ask(m_page, ReleaseWording::mixedQuestion(ReleaseWording::Verb::Reset, count),
                              ReleaseWording::klavisConsequence(ReleaseWording::Verb::Reset, count),
                              ReleaseWording::actionText(ReleaseWording::Verb::Reset)))
        return;
    if (!klavis.isEmpty())
        m_services.sandboxes->runBulk(SandboxesController::Bulk::Reset, klavis);
    if (!local.isEmpty())
        m_services.local->runBulk(LocalSandboxesController::Bulk::Reset, local);
}

void RunActions::dumpSelectedRun()
{
    const QString folder = NewFolderDialog::choose(m_page, RunsPage::tr("Dump the Run's Workspaces Into"));
    if (!folder.isEmpty())
        dumpSelectedRunTo(folder);
}

int RunActions::dumpSelectedRunTo(const QString &folder)
{
    const RunListEntry *run = m_selectedRun();
    if (!run || run->imported)
        return 0;
    int queued = 0;
    for (const LedgerSandbox &sandbox : run->sandboxes) {
        if (!sandbox.isHeld() || sandbox.provider != LedgerProvider::KlavisLocal)
            continue;
        const QString target = QDir(folder).filePath(dumpFileName(run->name, sandbox.sandboxId));
        m_services.session->transfers()->enqueueDump(sandbox.sandboxId, DumpJob::Mode::SaveArchive, target);
        ++queued;
    }
    emit statusMessage(RunsPage::tr("Queued %n workspace dump(s) into %1.", nullptr, queued)
                           .arg(QDir::toNativeSeparators(folder)));
    return queued;
}

void RunActions::exportManifest()
{
    const RunListEntry *run = m_selectedRun();
    if (!run)
        return;
    const QString fileName =
        QFileDialog::getSaveFileName(m_page, RunsPage::tr("Export Manifest"), run->name + u"-manifest.json"_s,
                                     RunsPage::tr("JSON files (*.json)"));
    if (!fileName.isEmpty())
        exportManifestTo(fileName);
}

void RunActions::exportManifestTo(const QString &fileName)
{
    const RunListEntry *run = m_selectedRun();
    if (run && run->imported)
        m_services.manifests->exportRecord(run->record, fileName);
    else if (run && run->inLedger())
        m_services.manifests->exportRun(run->name, fileName);
    else
        emit manifestExportRefused(
            fileName, RunsPage::tr("Only a run of the ledger or an imported one has a manifest."));
}

void RunActions::importManifest()
{
    const QString fileName = QFileDialog::getOpenFileName(m_page, RunsPage::tr("Import Manifest"), QString(),
                                                          RunsPage::tr("JSON files (*.json)"));
    if (!fileName.isEmpty())
        importManifestFrom(fileName);
}

void RunActions::importManifestFrom(const QString &fileName)
{
    m_services.manifests->import(fileName);
}
