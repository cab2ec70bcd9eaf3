#include "local/localsandboxdetailspane.h"

#include "api/apierror.h"
#include "common/copyablefield.h"
#include "common/detailspaneframe.h"
#include "common/flowlayout.h"
#include "common/rawjsonview.h"
#include "common/revealsecretsbutton.h"
#include "common/secrettree.h"
#include "common/selectionsummarypage.h"
#include "common/statusicons.h"
#include "klavis/sandboxdetailspane.h"
#include "models/displaytext.h"
#include "models/localsandboxtreemodel.h"
#include "models/statuskind.h"

#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

LocalSandboxDetailsPane::LocalSandboxDetailsPane(QWidget *parent)
    : QWidget(parent), m_frame(new DetailsPaneFrame(this))
{
    auto *page = m_frame->detailsPage();
    auto *layout = new QVBoxLayout(page);

    auto *header = new QHBoxLayout;
    m_headerIcon = new QLabel(page);
    m_headerStatus = new QLabel(page);
    header->addWidget(m_headerIcon);
    header->addWidget(DetailsPaneFrame::sectionTitle(tr("Local sandbox"), page, 1.35));
    header->addWidget(m_headerStatus);
    header->addStretch(1);
    layout->addLayout(header);

    m_errorRow = new QWidget(page);
    auto *errorLayout = new QHBoxLayout(m_errorRow);
    errorLayout->setContentsMargins(0, 0, 0, 0);
    auto *errorIcon = new QLabel(m_errorRow);
    errorIcon->setPixmap(QIcon(u":/icons/error.svg"_s).pixmap(QSize(16, 16), devicePixelRatioF()));
    m_errorLabel = new QLabel(m_errorRow);
    m_errorLabel->setObjectName(u"errorLabel"_s);
    m_errorLabel->setWordWrap(true);
    errorLayout->addWidget(errorIcon, 0, Qt::AlignTop);
    errorLayout->addWidget(m_errorLabel, 1);
    m_errorRow->setVisible(false);
    layout->addWidget(m_errorRow);

    auto *fields = new QFormLayout;
    m_idField = new CopyableField(tr("local sandbox ID"), page);
    m_idField->setMonospace(true);
    m_statusLabel = new QLabel(page);
    m_benchmarkLabel = new QLabel(page);
    m_createdLabel = new QLabel(page);
    // A narrow pane wraps the date ("… (2 h ago)") instead of scrolling sideways.
    for (QLabel *value : {m_statusLabel, m_benchmarkLabel, m_createdLabel})
        value->setWordWrap(true);
    fields->addRow(tr("Sandbox ID:"), m_idField);
    fields->addRow(tr("Status:"), m_statusLabel);
    fields->addRow(tr("Benchmark:"), m_benchmarkLabel);
    fields->addRow(tr("Created:"), m_createdLabel);
    layout->addLayout(fields);

    layout->addSpacing(8);
    auto *serversHeader = new QHBoxLayout;
    m_serversTitle = DetailsPaneFrame::sectionTitle(tr("Servers"), page);
    m_revealButton = new RevealSecretsButton(page);
    serversHeader->addWidget(m_serversTitle);
    serversHeader->addStretch(1);
    serversHeader->addWidget(m_revealButton);
    layout->addLayout(serversHeader);
    m_serversSlot = new QVBoxLayout;
    layout->addLayout(m_serversSlot);
    m_copyConfigButton = new QPushButton(QIcon(u":/icons/copy.svg"_s), tr("Copy MCP client config"), page);
    m_copyConfigButton->setObjectName(u"copyMcpConfigButton"_s);
    layout->addWidget(m_copyConfigButton, 0, Qt::AlignLeft);

    layout->addSpacing(8);
    layout->addWidget(DetailsPaneFrame::sectionTitle(tr("Workspace"), page, 1.0));
    auto *workspaceButtons = new QWidget(page);
    m_workspaceButtons = workspaceButtons;
    workspaceButtons->setObjectName(u"workspaceButtons"_s);
    auto *workspaceRow = new FlowLayout(workspaceButtons);
    workspaceRow->setContentsMargins(0, 0, 0, 0);
    const std::initializer_list<std::tuple<QString, QString, QString, void (LocalSandboxDetailsPane::*)()>>
        buttons = {{tr("Upload…"), u":/icons/upload.svg"_s, u"uploadButton"_s,
                    &LocalSandboxDetailsPane::uploadRequested},
                   {tr("Save dump as…"), u":/icons/download.svg"_s, u"saveDumpButton"_s,
                    &LocalSandboxDetailsPane::saveDumpRequested},
                   {tr("Extract dump to…"), u":/icons/folder.svg"_s, u"extractDumpButton"_s,
                    &LocalSandboxDetailsPane::extractDumpRequested}};
    for (const auto &[text, icon, name, signal] : buttons) {
        auto *button = new QPushButton(QIcon(icon), text, workspaceButtons);
        button->setObjectName(name);
        connect(button, &QPushButton::clicked, this, signal);
        workspaceRow->addWidget(button);
    }
    layout->addWidget(workspaceButtons);
    auto *hintRow = new QHBoxLayout;
    auto *hintIcon = new QLabel(page);
    hintIcon->setPixmap(QIcon(u":/icons/upload.svg"_s).pixmap(QSize(16, 16), devicePixelRatioF()));
    m_dropHint =
        DetailsPaneFrame::placeholder(tr("Drop folders or a .tar.gz here to upload a workspace"), page);
    m_dropHint->setObjectName(u"dropHint"_s);
    hintRow->addWidget(hintIcon, 0, Qt::AlignTop);
    hintRow->addWidget(m_dropHint, 1);
    layout->addLayout(hintRow);

    m_rawJson = new RawJsonView(page);
    layout->addWidget(m_rawJson);
    layout->addStretch(1);

    connect(m_revealButton, &QPushButton::toggled, this, &LocalSandboxDetailsPane::setSecretsRevealed);
    connect(m_copyConfigButton, &QPushButton::clicked, this,
            &LocalSandboxDetailsPane::copyMcpConfigRequested);
    connect(m_frame->summaryPage(), &SelectionSummaryPage::copyMcpConfigRequested, this,
            &LocalSandboxDetailsPane::copyMcpConfigRequested);
    connect(m_idField, &CopyableField::copied, this, &LocalSandboxDetailsPane::copied);
    auto *clock = new QTimer(this); // keeps "created 3 min ago" current
    clock->setInterval(30'000);
    connect(clock, &QTimer::timeout, this, &LocalSandboxDetailsPane::updateTimes);
    clock->start();

    showEmpty(0);
}

void LocalSandboxDetailsPane::showSandbox(const LocalSandbox &sandbox)
{
    m_frame->showDetails();
    m_errorRow->setVisible(false);
    const bool another = !m_shown || sandbox.localSandboxId != m_sandbox.localSandboxId;
    // Polling shows the same sandbox every few seconds: rebuilding unchanged rows would drop the
    // reader's scroll position and text selection.
    const bool changed = another || !sandbox.sameContentAs(m_sandbox);
    m_sandbox = sandbox;
    m_shown = true;
    if (another)
        setSecretsRevealed(false);

    m_headerIcon->setPixmap(StatusIcons::icon(sandbox.status).pixmap(QSize(22, 22), devicePixelRatioF()));
    m_headerStatus->setText(DisplayText::visible(sandbox.status));
    m_idField->setText(sandbox.localSandboxId);
    m_statusLabel->setText(DetailsPaneFrame::valueOrDash(sandbox.status));
    m_benchmarkLabel->setText(DetailsPaneFrame::valueOrDash(sandbox.benchmark));
    updateTimes();
    if (changed)
        rebuildServers();
    offerLeaseWork();
    updateRawJson();
}

void LocalSandboxDetailsPane::offerLeaseWork()
{
    const bool occupied = StatusKind::isReleasable(StatusKind::of(m_sandbox.status));
    const bool anyUrl = std::any_of(m_sandbox.servers.cbegin(), m_sandbox.servers.cend(),
                                    [](const LocalServer &server) { return !server.mcpServerUrl.isEmpty(); });
    const QString notOccupied =
        tr("This local sandbox is %1: its servers and workspace went with its lease.").arg(m_sandbox.status);
    m_copyConfigButton->setEnabled(occupied && anyUrl);
    m_copyConfigButton->setToolTip(occupied ? QString() : notOccupied);
    for (QPushButton *button : m_workspaceButtons->findChildren<QPushButton *>()) {
        button->setEnabled(occupied);
        button->setToolTip(occupied ? QString() : notOccupied);
    }
    m_dropHint->setEnabled(occupied);
}

void LocalSandboxDetailsPane::rebuildServers()
{
    delete m_serversBox;
    m_trees.clear();
    m_serversBox = new QWidget;
    auto *box = new QVBoxLayout(m_serversBox);
    box->setContentsMargins(0, 0, 0, 0);
    m_serversTitle->setText(tr("Servers (%1)").arg(m_sandbox.servers.size()));
    if (m_sandbox.servers.isEmpty())
        box->addWidget(DetailsPaneFrame::placeholder(tr("No servers in this response."), m_serversBox));

    const QStringList shortUrls = LocalSandboxTreeModel::shortUrls(m_sandbox);
    for (qsizetype i = 0; i < m_sandbox.servers.size(); ++i) {
        const LocalServer &server = m_sandbox.servers[i];
        const QString name = server.displayName();
        auto *title = new QHBoxLayout;
        auto *icon = new QLabel(m_serversBox);
        icon->setPixmap(StatusIcons::icon(server.status).pixmap(QSize(16, 16), devicePixelRatioF()));
        icon->setToolTip(server.status);
        auto *nameLabel = DetailsPaneFrame::sectionTitle(name, m_serversBox);
        nameLabel->setObjectName(u"server_"_s + name);
        title->addWidget(icon);
        title->addWidget(nameLabel);
        title->addWidget(DetailsPaneFrame::placeholder(server.status, m_serversBox));
        title->addStretch(1);
        box->addLayout(title);

        auto *form = new QFormLayout;
        auto *url = new CopyableField(tr("MCP server URL (%1)").arg(name), m_serversBox);
        url->setObjectName(u"url_"_s + name);
        url->setText(server.mcpServerUrl);
        url->setDisplayText(shortUrls[i]);
        connect(url, &CopyableField::copied, this, &LocalSandboxDetailsPane::copied);
        form->addRow(tr("MCP URL:"), url);
        // Only servers that carry secrets get trees: most local servers (filesystem, git) have none.
        const QList<QPair<QString, QJsonObject>> secrets{{tr("Metadata:"), server.metadata},
                                                         {tr("Auth data:"), server.authData}};
        for (const auto &[label, object] : secrets) {
            if (object.isEmpty())
                continue;
            auto *tree = new SecretTree(m_serversBox);
            tree->setObject(object);
            tree->setRevealed(secretsRevealed());
            connect(tree, &SecretTree::copied, this, &LocalSandboxDetailsPane::copied);
            form->addRow(label, tree);
            m_trees << tree;
        }
        box->addLayout(form);
        box->addSpacing(4);
    }
    m_serversSlot->addWidget(m_serversBox);
    m_revealButton->setVisible(!m_trees.isEmpty());
}

void LocalSandboxDetailsPane::showError(const ApiError &error)
{
    m_frame->showDetails();
    m_errorLabel->setText(DisplayText::visibleLines(error.fullText()));
    m_errorRow->setVisible(true);
}

void LocalSandboxDetailsPane::showGone(const QString &localSandboxId)
{
    showEmpty(0);
    m_frame->showSummary(tr("Local sandbox %1 is no longer listed").arg(DisplayText::visible(localSandboxId)),
                         tr("It was released or expired since it was selected."), false);
}

void LocalSandboxDetailsPane::showEmpty(int selectedCount)
{
    // Drop the previous sandbox (and its secrets) from the widgets, not just from view.
    m_sandbox = {};
    m_shown = false;
    setSecretsRevealed(false);
    rebuildServers();
    updateRawJson();
    if (selectedCount <= 1)
        m_frame->showSummary(tr("Select a local sandbox to see its details"),
                             tr("A local sandbox hosts several MCP servers (filesystem, git, terminal…) "
                                "around one workspace."),
                             false);
    else
        m_frame->showSummary(tr("%n local sandbox(es) selected", nullptr, selectedCount),
                             tr("Release or reset them together from the toolbar or the context menu."),
                             true);
}

bool LocalSandboxDetailsPane::secretsRevealed() const
{
    return m_revealButton->isChecked();
}

void LocalSandboxDetailsPane::setSecretsRevealed(bool revealed)
{
    if (m_revealButton->isChecked() != revealed) {
        m_revealButton->setChecked(revealed); // re-enters through toggled()
        return;
    }
    for (SecretTree *tree : std::as_const(m_trees))
        tree->setRevealed(revealed);
    updateRawJson();
}

void LocalSandboxDetailsPane::updateRawJson()
{
    m_rawJson->setJson(m_sandbox.raw, secretsRevealed());
}

void LocalSandboxDetailsPane::updateTimes()
{
    m_createdLabel->setText(SandboxDetailsPane::timeText(m_sandbox.createdAt));
}
