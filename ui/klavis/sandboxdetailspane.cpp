#include "klavis/sandboxdetailspane.h"

#include "api/apierror.h"
#include "common/copyablefield.h"
#include "common/detailspaneframe.h"
#include "common/rawjsonview.h"
#include "common/revealsecretsbutton.h"
#include "common/secrettree.h"
#include "common/selectionsummarypage.h"
#include "common/statusicons.h"
#include "models/displaytext.h"

#include <QEvent>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

QLabel *valueLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setWordWrap(true);
    return label;
}

QPixmap iconPixmap(const QIcon &icon, const QWidget *widget, int size)
{
    return icon.pixmap(QSize(size, size), widget->devicePixelRatioF());
}

} // namespace

SandboxDetailsPane::SandboxDetailsPane(QWidget *parent) : QWidget(parent), m_frame(new DetailsPaneFrame(this))
{
    auto *page = m_frame->detailsPage();
    auto *layout = new QVBoxLayout(page);

    auto *header = new QHBoxLayout;
    m_headerIcon = new QLabel(page);
    m_headerTitle = new QLabel(page);
    QFont titleFont = m_headerTitle->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.35);
    m_headerTitle->setFont(titleFont);
    m_headerTitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_headerStatus = new QLabel(page);
    header->addWidget(m_headerIcon);
    header->addWidget(m_headerTitle);
    header->addWidget(m_headerStatus);
    header->addStretch(1);
    layout->addLayout(header);

    m_loadingLabel = new QLabel(tr("Loading details…"), page);
    m_loadingLabel->setObjectName(u"loadingLabel"_s);
    m_loadingLabel->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(m_loadingLabel);

    m_errorRow = new QWidget(page);
    auto *errorLayout = new QHBoxLayout(m_errorRow);
    errorLayout->setContentsMargins(0, 0, 0, 0);
    auto *errorIcon = new QLabel(m_errorRow);
    errorIcon->setPixmap(iconPixmap(QIcon(u":/icons/error.svg"_s), this, 16));
    m_errorLabel = valueLabel(m_errorRow);
    m_errorLabel->setObjectName(u"errorLabel"_s);
    errorLayout->addWidget(errorIcon, 0, Qt::AlignTop);
    errorLayout->addWidget(m_errorLabel, 1);
    layout->addWidget(m_errorRow);

    auto *fields = new QFormLayout;
    m_idField = new CopyableField(tr("sandbox ID"), page);
    m_idField->setMonospace(true);
    m_serverLabel = valueLabel(page);
    m_statusLabel = valueLabel(page);
    m_benchmarkLabel = valueLabel(page);
    m_tagsLabel = new QLabel(page);
    m_tagsLabel->setObjectName(u"tagsLabel"_s);
    m_tagsLabel->setWordWrap(true);
    m_tagsLabel->setTextFormat(Qt::RichText);
    // By mouse only: Qt's label keeps Shift+Tab among its links and never lets the focus go back out (a
    // trap tst_focuschain found). The tag filter above the list does the same from the keyboard.
    m_tagsLabel->setTextInteractionFlags(Qt::LinksAccessibleByMouse);
    m_tagsLabel->setToolTip(tr("Click a tag to show the sandboxes that carry it (from the keyboard: the tag "
                               "filter above the list)."));
    m_updatedLabel = valueLabel(page);
    fields->addRow(tr("Sandbox ID:"), m_idField);
    fields->addRow(tr("Server:"), m_serverLabel);
    fields->addRow(tr("Status:"), m_statusLabel);
    fields->addRow(tr("Benchmark:"), m_benchmarkLabel);
    fields->addRow(tr("Tags:"), m_tagsLabel);
    fields->addRow(tr("Updated:"), m_updatedLabel);
    layout->addLayout(fields);

    layout->addSpacing(8);
    layout->addWidget(DetailsPaneFrame::sectionTitle(tr("MCP server"), page));
    m_urlsForm = new QFormLayout;
    layout->addLayout(m_urlsForm);
    m_noUrlsLabel = new QLabel(tr("No MCP URL in this response."), page);
    m_noUrlsLabel->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(m_noUrlsLabel);
    m_copyConfigButton = new QPushButton(QIcon(u":/icons/copy.svg"_s), tr("Copy MCP client config"), page);
    m_copyConfigButton->setObjectName(u"copyMcpConfigButton"_s);
    m_copyConfigButton->setToolTip(
        tr("Copy {\"mcpServers\": …} to paste into an MCP client's configuration."));
    layout->addWidget(m_copyConfigButton, 0, Qt::AlignLeft);

    layout->addSpacing(8);
    auto *secretsHeader = new QHBoxLayout;
    secretsHeader->addWidget(DetailsPaneFrame::sectionTitle(tr("Secrets"), page));
    secretsHeader->addStretch(1);
    m_revealButton = new RevealSecretsButton(page);
    secretsHeader->addWidget(m_revealButton);
    layout->addLayout(secretsHeader);
    layout->addWidget(new QLabel(tr("Metadata"), page));
    m_metadataNone = new QLabel(tr("None"), page);
    m_metadataNone->setForegroundRole(QPalette::PlaceholderText);
    m_metadataTree = new SecretTree(page);
    m_metadataTree->setObjectName(u"metadataTree"_s);
    layout->addWidget(m_metadataNone);
    layout->addWidget(m_metadataTree);
    layout->addWidget(new QLabel(tr("Auth data"), page));
    m_authNone = new QLabel(tr("None"), page);
    m_authNone->setForegroundRole(QPalette::PlaceholderText);
    m_authTree = new SecretTree(page);
    m_authTree->setObjectName(u"authDataTree"_s);
    layout->addWidget(m_authNone);
    layout->addWidget(m_authTree);

    layout->addSpacing(8);
    m_rawJson = new RawJsonView(page);
    layout->addWidget(m_rawJson);
    layout->addStretch(1);

    connect(m_revealButton, &QPushButton::toggled, this, &SandboxDetailsPane::setSecretsRevealed);
    connect(m_copyConfigButton, &QPushButton::clicked, this, &SandboxDetailsPane::copyMcpConfigRequested);
    connect(m_frame->summaryPage(), &SelectionSummaryPage::copyMcpConfigRequested, this,
            &SandboxDetailsPane::copyMcpConfigRequested);
    connect(m_idField, &CopyableField::copied, this, &SandboxDetailsPane::copied);
    connect(m_metadataTree, &SecretTree::copied, this, &SandboxDetailsPane::copied);
    connect(m_authTree, &SecretTree::copied, this, &SandboxDetailsPane::copied);
    connect(m_tagsLabel, &QLabel::linkActivated, this, [this](const QString &link) {
        const int i = link.toInt();
        if (i >= 0 && i < m_tags.size())
            emit tagClicked(m_tags.at(i));
    });
    // "3 min ago" goes stale while the pane sits there.
    m_clock = new QTimer(this);
    m_clock->setInterval(30'000);
    connect(m_clock, &QTimer::timeout, this, &SandboxDetailsPane::updateTimes);
    m_clock->start();

    showEmpty(0);
}

QString SandboxDetailsPane::relativeTime(const QDateTime &then, const QDateTime &now)
{
    const qint64 seconds = then.secsTo(now);
    if (seconds < 60)
        return tr("just now");
    if (seconds < 3600)
        return tr("%n min ago", nullptr, int(seconds / 60));
    if (seconds < 86400)
        return tr("%n h ago", nullptr, int(seconds / 3600));
    return tr("%n day(s) ago", nullptr, int(seconds / 86400));
}

QString SandboxDetailsPane::timeText(const QDateTime &time, const QString &fallback)
{
    if (!time.isValid())
        return DetailsPaneFrame::valueOrDash(fallback);
    const QString absolute = time.toLocalTime().toString(u"yyyy-MM-dd HH:mm:ss"_s);
    return tr("%1 (%2)").arg(absolute, relativeTime(time));
}

void SandboxDetailsPane::switchTo(const QString &sandboxId)
{
    m_frame->showDetails();
    m_errorRow->setVisible(false);
    if (sandboxId == m_currentId)
        return;
    // Another sandbox: forget everything of the previous one, secrets first.
    m_currentId = sandboxId;
    m_shownStatus.clear();
    setSecretsRevealed(false);
    m_metadataTree->setObject({});
    m_authTree->setObject({});
    m_metadataTree->setVisible(false);
    m_authTree->setVisible(false);
    m_metadataNone->setVisible(true);
    m_authNone->setVisible(true);
    m_revealButton->setEnabled(false);
    m_raw = {};
    fillUrls({});
    updateRawJson();
}

void SandboxDetailsPane::fillSummary(const SandboxSummary &summary)
{
    m_headerIcon->setPixmap(iconPixmap(StatusIcons::icon(summary.status), this, 22));
    m_headerTitle->setText(DetailsPaneFrame::valueOrDash(summary.serverName));
    m_headerStatus->setText(DisplayText::visible(summary.status));
    m_shownStatus = summary.status;
    m_idField->setText(summary.sandboxId);
    m_serverLabel->setText(DetailsPaneFrame::valueOrDash(summary.serverName));
    m_statusLabel->setText(DetailsPaneFrame::valueOrDash(summary.status));
    m_benchmarkLabel->setText(DetailsPaneFrame::valueOrDash(summary.benchmark));
    m_tags = summary.tags;
    updateTagLinks();
    m_updatedAt = summary.updatedAt;
    m_updatedAtText = summary.updatedAtText;
    updateTimes();
}

void SandboxDetailsPane::showSummary(const SandboxSummary &summary)
{
    const bool sameLease = summary.sandboxId == m_currentId && summary.status == m_shownStatus;
    if (!sameLease)
        switchTo({}); // nothing of the last lease (URLs, secrets) stays beside a status that says otherwise
    switchTo(summary.sandboxId);
    fillSummary(summary);
    m_loadingLabel->setVisible(true);
}

void SandboxDetailsPane::showGone(const QString &label)
{
    switchTo({});
    m_tags.clear();
    m_frame->showSummary(tr("%1 is no longer listed").arg(DisplayText::visible(label)),
                         tr("It was released, expired or deleted since it was selected."), false);
}

void SandboxDetailsPane::showDetails(const SandboxDetails &details)
{
    switchTo(details.summary.sandboxId);
    fillSummary(details.summary);
    m_loadingLabel->setVisible(false);
    fillUrls(details.serverUrls);
    m_metadataTree->setObject(details.metadata);
    m_authTree->setObject(details.authData);
    m_metadataTree->setVisible(!details.metadata.isEmpty());
    m_authTree->setVisible(!details.authData.isEmpty());
    m_metadataNone->setVisible(details.metadata.isEmpty());
    m_authNone->setVisible(details.authData.isEmpty());
    m_revealButton->setEnabled(!details.metadata.isEmpty() || !details.authData.isEmpty() ||
                               m_revealButton->isChecked());
    m_raw = details.raw;
    updateRawJson();
}

void SandboxDetailsPane::showError(const ApiError &error)
{
    // Stays on whatever is shown (usually the summary), with the reason beneath the header.
    m_frame->showDetails();
    m_loadingLabel->setVisible(false);
    m_errorLabel->setText(DisplayText::visibleLines(error.fullText()));
    m_errorRow->setVisible(true);
}

void SandboxDetailsPane::showEmpty(int selectedCount)
{
    switchTo({});
    m_tags.clear();
    if (selectedCount <= 1)
        m_frame->showSummary(tr("Select a sandbox to see its details"),
                             tr("Acquire one with the Acquire button if the list is empty."), false);
    else
        m_frame->showSummary(
            tr("%n sandbox(es) selected", nullptr, selectedCount),
            tr("Release or reset them together from the toolbar or the context menu, or copy "
               "one MCP client config with all their URLs."),
            true);
}

bool SandboxDetailsPane::secretsRevealed() const
{
    return m_revealButton->isChecked();
}

void SandboxDetailsPane::setSecretsRevealed(bool revealed)
{
    if (m_revealButton->isChecked() != revealed) {
        m_revealButton->setChecked(revealed); // re-enters through toggled()
        return;
    }
    m_metadataTree->setRevealed(revealed);
    m_authTree->setRevealed(revealed);
    updateRawJson();
}

int SandboxDetailsPane::shownUrlCount() const
{
    return m_urlsForm->rowCount();
}

void SandboxDetailsPane::fillUrls(const QMap<QString, QString> &serverUrls)
{
    while (m_urlsForm->rowCount() > 0)
        m_urlsForm->removeRow(0);
    for (auto it = serverUrls.cbegin(); it != serverUrls.cend(); ++it) {
        auto *field = new CopyableField(tr("MCP server URL (%1)").arg(it.key()));
        field->setObjectName(u"url_"_s + it.key());
        field->setText(it.value());
        connect(field, &CopyableField::copied, this, &SandboxDetailsPane::copied);
        m_urlsForm->addRow(it.key() + u':', field);
    }
    m_noUrlsLabel->setVisible(serverUrls.isEmpty() && !m_loadingLabel->isVisibleTo(this));
    m_copyConfigButton->setEnabled(!serverUrls.isEmpty());
}

void SandboxDetailsPane::updateRawJson()
{
    m_rawJson->setJson(m_raw, secretsRevealed());
}

void SandboxDetailsPane::updateTagLinks()
{
    if (m_tags.isEmpty()) {
        m_tagsLabel->setText(u"—"_s);
        return;
    }
    // Links by index: tags are free text, and an href must not have to carry them.
    QStringList links;
    for (qsizetype i = 0; i < m_tags.size(); ++i)
        links << u"<a href=\"%1\">%2</a>"_s.arg(i).arg(DisplayText::visible(m_tags.at(i)).toHtmlEscaped());
    m_tagsLabel->setText(links.join(u", "_s));
}

void SandboxDetailsPane::updateTimes()
{
    m_updatedLabel->setText(timeText(m_updatedAt, m_updatedAtText));
}

void SandboxDetailsPane::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() != QEvent::PaletteChange && event->type() != QEvent::ApplicationPaletteChange)
        return;
    // Many dark palettes keep the default dark-blue link colour; make tag links readable regardless.
    QPalette p = palette();
    const QColor window = p.color(QPalette::Window);
    if (qAbs(p.color(QPalette::Link).lightness() - window.lightness()) < 110) {
        const QColor highlight = p.color(QPalette::Highlight);
        p.setColor(QPalette::Link, window.lightness() < 128 ? highlight.lighter(170) : highlight.darker(140));
    }
    m_tagsLabel->setPalette(p);
}
