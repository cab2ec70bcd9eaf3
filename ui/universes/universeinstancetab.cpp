#include "universes/universeinstancetab.h"

#include "api/remotetext.h"
#include "catalog/mcpclientconfig.h"
#include "common/confirmationbox.h"
#include "common/errorcolour.h"
#include "models/displaytext.h"
#include "runs/runexporter.h"
#include "session/universescontroller.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>
#include <QtConcurrent>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

QColor successColour(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128 ? QColor(0x8f, 0xd8, 0x8f)
                                                             : QColor(0x1a, 0x7f, 0x37);
}

} // namespace

UniverseInstanceTab::UniverseInstanceTab(UniversesController *controller, QWidget *parent)
    : QWidget(parent), m_controller(controller), m_run(new QLineEdit(this)),
      m_acquire(new QPushButton(QIcon(u":/icons/acquire.svg"_s), tr("Acquire Instance"), this)),
      m_held(new QComboBox(this)), m_instanceId(new QLabel(this)), m_servers(new QTableWidget(0, 3, this)),
      m_copyConfig(new QPushButton(QIcon(u":/icons/copy.svg"_s), tr("Copy MCP Config"), this)),
      m_exportConfig(new QPushButton(tr("Export MCP Config…"), this)),
      m_verify(new QPushButton(tr("Verify"), this)), m_verdict(new QLabel(this)),
      m_release(new QPushButton(QIcon(u":/icons/release.svg"_s), tr("Release"), this))
{
    m_run->setPlaceholderText(tr("Run name (optional)"));
    m_run->setToolTip(tr("The run that holds the instance: an open run, or a new one of this name"));
    m_held->setObjectName(u"universeHeldInstances"_s);
    m_held->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_held->setMinimumContentsLength(24);
    m_instanceId->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_servers->setTabKeyNavigation(false); // Tab goes on to the next part, as in a file manager
    m_servers->setObjectName(u"universeServers"_s);
    m_servers->setHorizontalHeaderLabels({tr("Service"), tr("MCP URL"), QString()});
    m_servers->verticalHeader()->hide();
    m_servers->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_servers->setSelectionMode(QAbstractItemView::NoSelection);
    m_servers->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_servers->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_servers->horizontalHeader()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_servers->setMinimumHeight(m_servers->fontMetrics().height() * 4);
    m_verdict->setObjectName(u"universeVerdict"_s);
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdict->setTextFormat(Qt::PlainText);

    auto *acquireRow = new QHBoxLayout;
    acquireRow->addWidget(m_run, 1);
    acquireRow->addWidget(m_acquire);
    auto *form = new QFormLayout;
    form->addRow(tr("New instance:"), acquireRow);
    form->addRow(tr("Held instances:"), m_held);
    form->addRow(tr("Instance:"), m_instanceId);
    auto *configRow = new QHBoxLayout;
    configRow->addWidget(m_copyConfig);
    configRow->addWidget(m_exportConfig);
    configRow->addStretch(1);
    configRow->addWidget(m_release);
    auto *verifyRow = new QHBoxLayout;
    verifyRow->addWidget(m_verify);
    verifyRow->addWidget(m_verdict, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_servers, 1);
    layout->addLayout(configRow);
    layout->addLayout(verifyRow);

    connect(m_acquire, &QPushButton::clicked, this, &UniverseInstanceTab::acquire);
    connect(m_run, &QLineEdit::returnPressed, this, &UniverseInstanceTab::acquire);
    connect(m_verify, &QPushButton::clicked, this, &UniverseInstanceTab::verify);
    connect(m_release, &QPushButton::clicked, this, &UniverseInstanceTab::releaseCurrent);
    connect(m_copyConfig, &QPushButton::clicked, this, &UniverseInstanceTab::copyMcpConfig);
    connect(m_exportConfig, &QPushButton::clicked, this, &UniverseInstanceTab::chooseExportFile);
    connect(m_held, &QComboBox::currentIndexChanged, this, [this] {
        m_verdict->clear();
        showInstance();
    });
    connect(controller, &UniversesController::heldChanged, this, &UniverseInstanceTab::reloadHeld);
    showInstance();
}

void UniverseInstanceTab::setUniverse(const QString &universeId)
{
    if (universeId == m_universeId)
        return;
    m_universeId = universeId;
    m_verdict->clear();
    reloadHeld();
}

void UniverseInstanceTab::setTask(const QString &taskNumber)
{
    m_taskNumber = taskNumber;
    updateButtons();
}

void UniverseInstanceTab::reloadHeld()
{
    m_controller->loadHeld(this, [this](const QList<LedgerSandbox> &held, const QString &problem) {
        if (!problem.isEmpty())
            emit statusMessage(tr("Cannot read the held instances: %1").arg(problem));
        showHeld(held);
        emit heldLoaded();
    });
}

void UniverseInstanceTab::showHeld(const QList<LedgerSandbox> &held)
{
    const QString keep = m_pendingSelection.isEmpty() ? currentInstanceId() : m_pendingSelection;
    m_pendingSelection.clear();
    m_ledgerHeld.clear();
    for (const LedgerSandbox &instance : held)
        if (instance.benchmark == m_universeId)
            m_ledgerHeld.append(instance);
    const QSignalBlocker blocker(m_held);
    m_held->clear();
    for (const LedgerSandbox &instance : std::as_const(m_ledgerHeld)) {
        const QString when = QLocale().toString(instance.acquiredAt.toLocalTime(), QLocale::ShortFormat);
        const QString text = instance.run.isEmpty()
                                 ? tr("%1 (%2)").arg(DisplayText::visible(instance.sandboxId), when)
                                 : tr("%1 (run %2, %3)")
                                       .arg(DisplayText::visible(instance.sandboxId),
                                            DisplayText::visible(instance.run), when);
        m_held->addItem(text, instance.sandboxId);
    }
    const int index = m_held->findData(keep);
    m_held->setCurrentIndex(index >= 0 ? index : m_held->count() - 1);
    showInstance();
}

QString UniverseInstanceTab::currentInstanceId() const
{
    return m_held->currentData().toString();
}

QMap<QString, QString> UniverseInstanceTab::mcpUrls(const QString &instanceId) const
{
    return m_taken.value(instanceId).mcpServers;
}

void UniverseInstanceTab::showInstance()
{
    const QString id = currentInstanceId();
    m_instanceId->setText(id.isEmpty() ? tr("None held: acquire one.") : DisplayText::visible(id));
    m_servers->setRowCount(0);
    QList<QPair<QString, QString>> rows; // service, URL in full when this window took it
    QStringList refused;
    if (const auto taken = m_taken.constFind(id); taken != m_taken.cend()) {
        for (auto it = taken->mcpServers.cbegin(); it != taken->mcpServers.cend(); ++it)
            rows.append({it.key(), it.value()});
        refused = taken->refusedServers.keys();
    } else {
        for (const LedgerSandbox &instance : std::as_const(m_ledgerHeld))
            if (instance.sandboxId == id)
                for (int i = 0; i < instance.servers.size(); ++i)
                    rows.append({instance.servers[i], {}});
    }
    for (const auto &[service, url] : std::as_const(rows)) {
        const int row = m_servers->rowCount();
        m_servers->insertRow(row);
        m_servers->setItem(row, 0, new QTableWidgetItem(DisplayText::visible(service)));
        // Shown masked as everywhere (tokens travel in the query); copied in full.
        auto *urlItem =
            new QTableWidgetItem(url.isEmpty() ? tr("(taken elsewhere: the ledger keeps no URL)")
                                               : DisplayText::visible(RemoteText::maskedUrl(url)));
        m_servers->setItem(row, 1, urlItem);
        if (url.isEmpty())
            continue;
        auto *copy = new QToolButton(m_servers);
        copy->setIcon(QIcon(u":/icons/copy.svg"_s));
        copy->setAutoRaise(true);
        copy->setToolTip(tr("Copy the MCP URL of %1").arg(DisplayText::visible(service)));
        // Init-captures: clang 14 cannot capture a structured binding.
        connect(copy, &QToolButton::clicked, this, [this, service = service, url = url] {
            QApplication::clipboard()->setText(url);
            emit statusMessage(tr("Copied the MCP URL of %1.").arg(DisplayText::visible(service)));
        });
        m_servers->setCellWidget(row, 2, copy);
    }
    for (const QString &service : std::as_const(refused)) {
        const int row = m_servers->rowCount();
        m_servers->insertRow(row);
        m_servers->setItem(row, 0, new QTableWidgetItem(DisplayText::visible(service)));
        m_servers->setItem(row, 1,
                           new QTableWidgetItem(tr("(refused: not https, nor http to this machine)")));
    }
    updateButtons();
}

void UniverseInstanceTab::updateButtons()
{
    const QString id = currentInstanceId();
    const bool withUrls = m_taken.contains(id) && !m_taken.value(id).mcpServers.isEmpty();
    m_acquire->setEnabled(!m_busy && !m_universeId.isEmpty());
    m_copyConfig->setEnabled(withUrls);
    m_exportConfig->setEnabled(withUrls);
    m_verify->setEnabled(!m_busy && !id.isEmpty() && !m_taskNumber.isEmpty());
    m_verify->setText(m_taskNumber.isEmpty() ? tr("Verify") : tr("Verify Task %1").arg(m_taskNumber));
    m_release->setEnabled(!m_busy && !id.isEmpty());
}

void UniverseInstanceTab::acquire()
{
    if (m_universeId.isEmpty() || m_busy)
        return;
    m_busy = true;
    updateButtons();
    const QString universe = m_universeId;
    m_controller->acquire(
        universe, m_run->text().trimmed(), this, [this, universe](const ApiResult<UniverseInstance> &result) {
            m_busy = false;
            if (!result) {
                updateButtons();
                // 503: every instance of the universe is taken.
                if (result.error().httpStatus() == 503)
                    emit failed(tr("No idle instance of %1: every one is held. Release one, "
                                   "or try again later.")
                                    .arg(DisplayText::visible(universe)),
                                result.error());
                else
                    emit failed(tr("Cannot acquire an instance of %1").arg(DisplayText::visible(universe)),
                                result.error());
                return;
            }
            m_taken.insert(result->instanceId, result.value());
            m_pendingSelection = result->instanceId;
            emit statusMessage(
                tr("Acquired instance %1 of %2.")
                    .arg(DisplayText::visible(result->instanceId), DisplayText::visible(universe)));
            // heldChanged reloads the list once the ledger has it.
        });
}

void UniverseInstanceTab::verify()
{
    const QString id = currentInstanceId();
    const QString task = m_taskNumber;
    if (id.isEmpty() || task.isEmpty() || m_busy)
        return;
    m_busy = true;
    updateButtons();
    m_verdict->setText(tr("Verifying task %1…").arg(DisplayText::visible(task)));
    m_verdict->setPalette(palette());
    m_controller->verify(id, task, this, [this, task](const ApiResult<TaskVerdict> &result) {
        m_busy = false;
        updateButtons();
        const QString when = QLocale().toString(QTime::currentTime(), QLocale::ShortFormat);
        if (!result) {
            m_verdict->clear();
            emit failed(tr("Cannot verify task %1").arg(DisplayText::visible(task)), result.error());
            return;
        }
        m_lastPassed = result->passed;
        m_verdict->setText(result->passed ? tr("PASSED: task %1 at %2").arg(DisplayText::visible(task), when)
                                          : tr("FAILED: task %1 at %2: %3")
                                                .arg(DisplayText::visible(task), when,
                                                     DisplayText::visibleLines(result->failureReason)));
        applyVerdictColour();
        emit verdictShown(result->passed);
    });
}

void UniverseInstanceTab::applyVerdictColour()
{
    QPalette verdictPalette = m_verdict->palette();
    verdictPalette.setColor(QPalette::WindowText,
                            m_lastPassed ? successColour(palette()) : ErrorColour::on(palette()));
    m_verdict->setPalette(verdictPalette);
}

void UniverseInstanceTab::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && !m_verdict->text().isEmpty())
        applyVerdictColour();
}

void UniverseInstanceTab::releaseCurrent()
{
    const QString id = currentInstanceId();
    if (id.isEmpty() || m_busy ||
        !ConfirmationBox::ask(this, tr("Release instance %1?").arg(DisplayText::visible(id)),
                              tr("Its data is reset to the universe's: whatever was done in it is lost."),
                              tr("Release")))
        return;
    m_busy = true;
    updateButtons();
    m_controller->release(id, this, [this, id](const ApiResult<SandboxActionResult> &result) {
        m_busy = false;
        m_taken.remove(id);
        updateButtons();
        m_verdict->clear();
        if (!result) {
            emit failed(tr("Cannot release instance %1").arg(DisplayText::visible(id)), result.error());
            return;
        }
        emit statusMessage(
            tr("Released instance %1; its data is being reset.").arg(DisplayText::visible(id)));
    });
}

QList<QPair<QString, QString>> UniverseInstanceTab::namedUrls() const
{
    QList<QPair<QString, QString>> named;
    const UniverseInstance instance = m_taken.value(currentInstanceId());
    for (auto it = instance.mcpServers.cbegin(); it != instance.mcpServers.cend(); ++it)
        named.append({it.key(), it.value()});
    return named;
}

void UniverseInstanceTab::copyMcpConfig()
{
    const auto named = namedUrls();
    if (named.isEmpty())
        return;
    QApplication::clipboard()->setText(QString::fromUtf8(McpClientConfig::build(named)));
    emit statusMessage(tr("Copied MCP client config for %n server(s).", nullptr, int(named.size())));
}

void UniverseInstanceTab::chooseExportFile()
{
    const QString fileName =
        QFileDialog::getSaveFileName(this, tr("Export MCP Config"), u"mcp.json"_s, tr("JSON files (*.json)"));
    if (!fileName.isEmpty())
        exportMcpConfigTo(fileName);
}

void UniverseInstanceTab::exportMcpConfigTo(const QString &fileName)
{
    const auto named = namedUrls();
    if (named.isEmpty())
        return;
    auto *watcher = new QFutureWatcher<QString>(this);
    connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher, fileName] {
        watcher->deleteLater();
        const QString error = watcher->result();
        emit statusMessage(error.isEmpty()
                               ? tr("Exported the MCP config to %1.").arg(QDir::toNativeSeparators(fileName))
                               : error);
        emit configExported(fileName, error);
    });
    watcher->setFuture(
        QtConcurrent::run(&RunExporter::writeAtomically, fileName, McpClientConfig::build(named)));
}
