#include "blaxel/blaxelsandboxdetailspane.h"

#include "api/apierror.h"
#include "api/blaxeldecoder.h"
#include "blaxel/blaxelstatusicons.h"
#include "common/copyablefield.h"
#include "common/detailspaneframe.h"
#include "common/rawjsonview.h"
#include "common/revealsecretsbutton.h"
#include "common/secrettree.h"
#include "models/blaxelsandboxtext.h"
#include "models/displaytext.h"
#include "models/relativetime.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

QString timeText(const QDateTime &time, const QString &who = {})
{
    if (!time.isValid())
        return u"—"_s;
    QString text = BlaxelSandboxDetailsPane::tr("%1 (%2)").arg(
        RelativeTime::absoluteTime(time), RelativeTime::relativeAge(time, QDateTime::currentDateTimeUtc()));
    if (!who.isEmpty())
        text = BlaxelSandboxDetailsPane::tr("%1 by %2").arg(text, DisplayText::visible(who));
    return text;
}

QTreeWidget *makeTree(const QStringList &headers, const QString &objectName, QWidget *parent)
{
    auto *tree = new QTreeWidget(parent);
    tree->setObjectName(objectName);
    tree->setHeaderLabels(headers);
    tree->setRootIsDecorated(false);
    tree->setUniformRowHeights(true);
    tree->setWordWrap(false);
    tree->setTextElideMode(Qt::ElideRight);
    tree->header()->setStretchLastSection(true);
    tree->setSelectionMode(QAbstractItemView::SingleSelection);
    return tree;
}

// A tree as tall as its rows (up to a point): the pane scrolls, not each list in it.
void fitHeight(QTreeWidget *tree, int maxRows)
{
    const int rows = std::min(tree->topLevelItemCount(), maxRows);
    const int rowHeight =
        tree->sizeHintForRow(0) > 0 ? tree->sizeHintForRow(0) : tree->fontMetrics().height() + 6;
    tree->setFixedHeight(tree->header()->sizeHint().height() + std::max(rows, 1) * rowHeight +
                         2 * tree->frameWidth() + 2);
}

} // namespace

BlaxelSandboxDetailsPane::BlaxelSandboxDetailsPane(QWidget *parent)
    : QWidget(parent), m_frame(new DetailsPaneFrame(this))
{
    auto *page = m_frame->detailsPage();
    auto *layout = new QVBoxLayout(page);

    auto *header = new QHBoxLayout;
    m_headerIcon = new QLabel(page);
    m_headerTitle = new QLabel(page);
    m_headerTitle->setObjectName(u"headerTitle"_s);
    QFont titleFont = m_headerTitle->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.35);
    m_headerTitle->setFont(titleFont);
    m_headerTitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_headerTitle->setWordWrap(true);
    m_headerTitle->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_headerStatus = new QLabel(page);
    header->addWidget(m_headerIcon);
    header->addWidget(m_headerTitle, 1);
    header->addWidget(m_headerStatus);
    layout->addLayout(header);

    m_loadingLabel = DetailsPaneFrame::placeholder(tr("Loading details…"), page);
    m_loadingLabel->setObjectName(u"loadingLabel"_s);
    layout->addWidget(m_loadingLabel);
    m_loadErrorLabel = new QLabel(page);
    m_loadErrorLabel->setObjectName(u"loadErrorLabel"_s);
    m_loadErrorLabel->setWordWrap(true);
    m_loadErrorLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_loadErrorLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    layout->addWidget(m_loadErrorLabel);

    m_fields = new QFormLayout;
    m_fields->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_nameLabel = addRow(tr("Name:"), u"nameLabel"_s);
    m_displayNameLabel = addRow(tr("Display name:"), u"displayNameLabel"_s);
    m_statusLabel = addRow(tr("Status:"), u"statusLabel"_s);
    m_stateLabel = addRow(tr("State:"), u"stateLabel"_s);
    m_workspaceLabel = addRow(tr("Workspace:"), u"workspaceLabel"_s);
    m_regionLabel = addRow(tr("Region:"), u"regionLabel"_s);
    m_imageLabel = addRow(tr("Image:"), u"imageLabel"_s);
    m_memoryLabel = addRow(tr("Memory:"), u"memoryLabel"_s);
    m_labelsLabel = addRow(tr("Labels:"), u"labelsLabel"_s);
    m_createdLabel = addRow(tr("Created:"), u"createdLabel"_s);
    m_updatedLabel = addRow(tr("Updated:"), u"updatedLabel"_s);
    m_lastUsedLabel = addRow(tr("Last used:"), u"lastUsedLabel"_s);
    m_ttlLabel = addRow(tr("TTL:"), u"ttlLabel"_s);
    m_expiresLabel = addRow(tr("Expires:"), u"expiresLabel"_s);
    m_policiesLabel = addRow(tr("Expiration:"), u"policiesLabel"_s);
    m_portsLabel = addRow(tr("Ports:"), u"portsLabel"_s);
    m_volumesLabel = addRow(tr("Volumes:"), u"volumesLabel"_s);
    layout->addLayout(m_fields);

    layout->addSpacing(8);
    layout->addWidget(DetailsPaneFrame::sectionTitle(tr("Endpoints"), page));
    auto *urls = new QFormLayout;
    m_urlField = new CopyableField(tr("sandbox URL"), page);
    m_urlField->setObjectName(u"sandboxUrlField"_s);
    m_mcpField = new CopyableField(tr("MCP endpoint"), page);
    m_mcpField->setObjectName(u"mcpEndpointField"_s);
    urls->addRow(tr("URL:"), m_urlField);
    urls->addRow(tr("MCP:"), m_mcpField);
    layout->addLayout(urls);
    m_noUrlLabel = DetailsPaneFrame::placeholder(
        tr("No usable URL: the server sent none, or one that is neither https nor "
           "http to this machine."),
        page);
    layout->addWidget(m_noUrlLabel);

    layout->addSpacing(8);
    auto *envHeader = new QHBoxLayout;
    envHeader->addWidget(DetailsPaneFrame::sectionTitle(tr("Environment"), page));
    envHeader->addStretch(1);
    m_revealButton = new RevealSecretsButton(page);
    envHeader->addWidget(m_revealButton);
    layout->addLayout(envHeader);
    m_envNone = DetailsPaneFrame::placeholder(tr("None"), page);
    layout->addWidget(m_envNone);
    m_envTree = makeTree({tr("Name"), tr("Value")}, u"environmentTree"_s, page);
    layout->addWidget(m_envTree);

    layout->addSpacing(8);
    layout->addWidget(DetailsPaneFrame::sectionTitle(tr("Errors"), page));
    m_errorsLabel = new QLabel(page);
    m_errorsLabel->setObjectName(u"errorsLabel"_s);
    m_errorsLabel->setWordWrap(true);
    m_errorsLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_errorsLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    layout->addWidget(m_errorsLabel);

    layout->addSpacing(8);
    layout->addWidget(DetailsPaneFrame::sectionTitle(tr("Events"), page));
    m_eventsNone = DetailsPaneFrame::placeholder(tr("None"), page);
    layout->addWidget(m_eventsNone);
    m_eventsTree = makeTree({tr("Time"), tr("Status"), tr("Message")}, u"eventsTree"_s, page);
    layout->addWidget(m_eventsTree);

    layout->addSpacing(8);
    m_rawJson = new RawJsonView(page);
    layout->addWidget(m_rawJson);
    layout->addStretch(1);

    connect(m_revealButton, &QPushButton::toggled, this, &BlaxelSandboxDetailsPane::setSecretsRevealed);
    connect(m_urlField, &CopyableField::copied, this, &BlaxelSandboxDetailsPane::copied);
    connect(m_mcpField, &CopyableField::copied, this, &BlaxelSandboxDetailsPane::copied);
    showEmpty(0);
}

QLabel *BlaxelSandboxDetailsPane::addRow(const QString &label, const QString &objectName)
{
    auto *value = new QLabel(m_frame->detailsPage());
    value->setObjectName(objectName);
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    value->setWordWrap(true);
    value->setTextFormat(Qt::PlainText);
    // An image or URL has few places to wrap: its width must not push the pane into scrolling sideways
    // (the text wraps where it can, the tooltip has all of it).
    value->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_fields->addRow(label, value);
    return value;
}

QString BlaxelSandboxDetailsPane::mcpEndpoint(const BlaxelSandbox &sandbox)
{
    // Only a URL the decoder kept (https, or http to this machine): a hostile one is never offered.
    if (!sandbox.url.isValid() || sandbox.url.isEmpty())
        return {};
    QString base = sandbox.url.toString(QUrl::FullyEncoded);
    while (base.endsWith(u'/'))
        base.chop(1);
    return base + u"/mcp"_s;
}

void BlaxelSandboxDetailsPane::showSandbox(const BlaxelSandbox &sandbox, bool complete)
{
    m_frame->showDetails();
    m_loadErrorLabel->setVisible(false);
    if (sandbox.name != m_currentName) {
        // Another sandbox: its secrets start hidden.
        m_currentName = sandbox.name;
        setSecretsRevealed(false);
    }
    m_sandbox = sandbox;
    m_loadingLabel->setVisible(!complete);
    const BlaxelSandbox &s = sandbox;
    m_headerIcon->setPixmap(BlaxelStatusIcons::icon(s.status).pixmap(QSize(22, 22), devicePixelRatioF()));
    m_headerTitle->setText(DetailsPaneFrame::valueOrDash(s.displayName.isEmpty() ? s.name : s.displayName));
    m_headerStatus->setText(DisplayText::visible(s.status));
    m_nameLabel->setText(DetailsPaneFrame::valueOrDash(s.name));
    m_displayNameLabel->setText(DetailsPaneFrame::valueOrDash(s.displayName));
    m_statusLabel->setText(DetailsPaneFrame::valueOrDash(s.status));
    m_stateLabel->setText(DetailsPaneFrame::valueOrDash(s.state));
    m_workspaceLabel->setText(DetailsPaneFrame::valueOrDash(s.workspace));
    m_regionLabel->setText(DetailsPaneFrame::valueOrDash(s.region));
    m_imageLabel->setText(DetailsPaneFrame::valueOrDash(s.image));
    m_imageLabel->setToolTip(DisplayText::visible(s.image));
    m_memoryLabel->setText(s.memoryMb < 0 ? u"—"_s : BlaxelSandboxText::memory(s.memoryMb));
    QStringList labels;
    for (auto it = s.labels.cbegin(); it != s.labels.cend(); ++it)
        labels << DisplayText::visible(it.key() + u'=' + it.value());
    m_labelsLabel->setText(labels.isEmpty() ? u"—"_s : labels.join(u", "_s));
    m_createdLabel->setText(timeText(s.createdAt, s.createdBy));
    m_updatedLabel->setText(timeText(s.updatedAt, s.updatedBy));
    m_lastUsedLabel->setText(timeText(s.lastUsedAt));
    QString ttl = s.ttl;
    if (ttl.isEmpty() && s.legacyTtl)
        ttl = tr("%1 s").arg(*s.legacyTtl);
    m_ttlLabel->setText(DetailsPaneFrame::valueOrDash(ttl));
    QString expires = s.expires.isEmpty() ? QString() : DisplayText::visible(s.expires);
    if (s.expiresInSeconds)
        expires = tr("in %1").arg(BlaxelSandboxText::expiresIn(*s.expiresInSeconds)) +
                  (expires.isEmpty() ? QString() : u" ("_s + expires + u')');
    m_expiresLabel->setText(expires.isEmpty() ? u"—"_s : expires);
    QStringList policies;
    for (const auto &policy : s.expirationPolicies)
        policies << DisplayText::visible(tr("%1 %2 → %3").arg(policy.type, policy.value, policy.action));
    m_policiesLabel->setText(policies.isEmpty() ? u"—"_s : policies.join(u'\n'));
    QStringList ports;
    for (const auto &port : s.ports)
        ports << DisplayText::visible(u"%1 %2/%3"_s.arg(port.name).arg(port.target).arg(port.protocol))
                     .trimmed();
    m_portsLabel->setText(ports.isEmpty() ? u"—"_s : ports.join(u'\n'));
    QStringList volumes;
    for (const auto &volume : s.volumes)
        volumes << DisplayText::visible(volume.readOnly
                                            ? tr("%1 at %2 (read-only)").arg(volume.name, volume.mountPath)
                                            : tr("%1 at %2").arg(volume.name, volume.mountPath));
    m_volumesLabel->setText(volumes.isEmpty() ? u"—"_s : volumes.join(u'\n'));

    const QString mcp = mcpEndpoint(s);
    m_urlField->setText(mcp.isEmpty() ? QString() : s.url.toString(QUrl::FullyEncoded));
    m_mcpField->setText(mcp);
    m_urlField->setVisible(!mcp.isEmpty());
    m_mcpField->setVisible(!mcp.isEmpty());
    m_noUrlLabel->setVisible(mcp.isEmpty() && complete);

    fillEnvironment();
    fillErrors(s);
    fillEvents(s);
    updateRawJson();
}

void BlaxelSandboxDetailsPane::fillEnvironment()
{
    m_envTree->clear();
    bool anySecret = false;
    for (const auto &env : std::as_const(m_sandbox.envs)) {
        auto *item = new QTreeWidgetItem(m_envTree);
        item->setText(0, DisplayText::visible(env.name));
        const bool masked = env.secret && !secretsRevealed();
        item->setText(1, masked ? SecretTree::maskText() : DisplayText::visible(env.value));
        if (env.secret) {
            anySecret = true;
            item->setIcon(0, QIcon(u":/icons/reveal.svg"_s));
            item->setToolTip(0, tr("A secret: masked until revealed"));
        }
    }
    m_envTree->resizeColumnToContents(0);
    m_envTree->setVisible(!m_sandbox.envs.isEmpty());
    m_envNone->setVisible(m_sandbox.envs.isEmpty());
    m_revealButton->setEnabled(anySecret || secretsRevealed());
    fitHeight(m_envTree, 12);
}

void BlaxelSandboxDetailsPane::fillErrors(const BlaxelSandbox &sandbox)
{
    QStringList lines;
    for (const auto &error : sandbox.errors) {
        QString line = error.code.isEmpty() ? error.message : error.code + u": "_s + error.message;
        if (error.fatal)
            line = tr("%1 (fatal)").arg(line);
        if (error.time.isValid())
            line = RelativeTime::absoluteTime(error.time) + u"  "_s + line;
        lines << DisplayText::visible(line);
    }
    m_errorsLabel->setText(lines.isEmpty() ? tr("None") : lines.join(u'\n'));
    m_errorsLabel->setForegroundRole(lines.isEmpty() ? QPalette::PlaceholderText : QPalette::WindowText);
}

void BlaxelSandboxDetailsPane::fillEvents(const BlaxelSandbox &sandbox)
{
    m_eventsTree->clear();
    // A timeline reads newest first.
    QList<BlaxelSandbox::Event> events = sandbox.events;
    std::stable_sort(events.begin(), events.end(),
                     [](const auto &a, const auto &b) { return a.time > b.time; });
    for (const auto &event : std::as_const(events)) {
        auto *item = new QTreeWidgetItem(m_eventsTree);
        item->setText(0, event.time.isValid() ? RelativeTime::absoluteTime(event.time) : u"—"_s);
        item->setText(1, DisplayText::visible(event.status));
        item->setIcon(1, BlaxelStatusIcons::icon(event.status));
        const QString message = event.type.isEmpty() ? event.message : event.type + u": "_s + event.message;
        item->setText(2, DisplayText::visible(message));
        item->setToolTip(2, DisplayText::visible(message));
    }
    m_eventsTree->resizeColumnToContents(0);
    m_eventsTree->resizeColumnToContents(1);
    m_eventsTree->setVisible(!events.isEmpty());
    m_eventsNone->setVisible(events.isEmpty());
    fitHeight(m_eventsTree, 10);
}

void BlaxelSandboxDetailsPane::showError(const ApiError &error)
{
    m_frame->showDetails();
    m_loadingLabel->setVisible(false);
    m_loadErrorLabel->setText(DisplayText::visibleLines(error.fullText()));
    m_loadErrorLabel->setVisible(true);
}

void BlaxelSandboxDetailsPane::showGone(const QString &name)
{
    showEmpty(0);
    m_frame->showSummary(tr("%1 is no longer listed").arg(DisplayText::visible(name)),
                         tr("It was deleted since it was selected."), false);
}

void BlaxelSandboxDetailsPane::showEmpty(int selectedCount)
{
    m_currentName.clear();
    m_sandbox = {};
    setSecretsRevealed(false);
    if (selectedCount <= 1)
        m_frame->showSummary(tr("Select a sandbox to see its details"),
                             tr("Create one with the Create button if the list is empty."), false);
    else
        m_frame->showSummary(tr("%n sandbox(es) selected", nullptr, selectedCount),
                             tr("Delete them together from the toolbar or the context menu."), false);
}

bool BlaxelSandboxDetailsPane::secretsRevealed() const
{
    return m_revealButton->isChecked();
}

void BlaxelSandboxDetailsPane::setSecretsRevealed(bool revealed)
{
    if (m_revealButton->isChecked() != revealed) {
        m_revealButton->setChecked(revealed); // re-enters through toggled()
        return;
    }
    fillEnvironment();
    updateRawJson();
}

void BlaxelSandboxDetailsPane::updateRawJson()
{
    // The raw view's own masking knows Klavis' keys (it would hide all of `metadata`): the decoder's
    // masking knows Blaxel's secrets, and the view is told to show what it is given.
    m_rawJson->setJson(secretsRevealed() ? m_sandbox.raw : BlaxelDecoder::maskedSecrets(m_sandbox.raw), true);
}
