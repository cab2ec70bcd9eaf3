#include "serverdata/sandboxdatapage.h"

#include "common/errorbanner.h"
#include "common/jsondiffview.h"
#include "common/jsontreeview.h"
#include "session/serverdatacontroller.h"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {
QString jsonFilter()
{
    return SandboxDataPage::tr("JSON files (*.json);;All files (*)");
}
} // namespace

SandboxDataPage::SandboxDataPage(ServerDataController *controller, QWidget *parent)
    : QWidget(parent), m_controller(controller), m_title(new QLabel(this)), m_banner(new ErrorBanner(this)),
      m_stack(new QStackedWidget(this)), m_noData(new QLabel(this)),
      m_dump(new QPushButton(tr("Dump"), this)), m_save(new QPushButton(tr("Save dump…"), this)),
      m_initialize(new QToolButton(this)), m_compare(new QToolButton(this)),
      m_cancel(new QPushButton(tr("Cancel"), this)), m_status(new QLabel(this)), m_tabs(new QTabWidget(this)),
      m_tree(new JsonTreeView(this)), m_diff(new JsonDiffView(this)), m_problemsHeading(new QLabel(this)),
      m_problems(new QTreeWidget(this))
{
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_banner->hide();
    m_dump->setToolTip(tr("Read the server's data in this sandbox now"));
    m_save->setToolTip(tr("Save the dump shown as a JSON file"));

    m_initialize->setText(tr("Initialize"));
    m_initialize->setPopupMode(QToolButton::InstantPopup);
    m_initialize->setToolButtonStyle(Qt::ToolButtonTextOnly);
    auto *initializeMenu = new QMenu(m_initialize);
    initializeMenu->addAction(tr("From a JSON file…"), this, &SandboxDataPage::chooseInitializeFile);
    initializeMenu->addAction(tr("With the default data"), this, &SandboxDataPage::initializeDefault);
    m_initialize->setMenu(initializeMenu);

    m_compare->setText(tr("Compare"));
    m_compare->setPopupMode(QToolButton::InstantPopup);
    m_compare->setToolButtonStyle(Qt::ToolButtonTextOnly);
    auto *compareMenu = new QMenu(m_compare);
    compareMenu->addAction(tr("The sandbox now with a saved dump…"), this, &SandboxDataPage::chooseSavedDump);
    compareMenu->addAction(tr("Two saved dumps…"), this, &SandboxDataPage::chooseTwoDumps);
    m_compare->setMenu(compareMenu);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_dump);
    bar->addWidget(m_save);
    bar->addWidget(m_initialize);
    bar->addWidget(m_compare);
    bar->addSpacing(12);
    bar->addWidget(m_status, 1);
    bar->addWidget(m_cancel);
    // A long status wraps rather than widening the page past a small window.
    m_status->setWordWrap(true);

    m_tabs->addTab(m_tree, tr("Data"));
    m_tabs->addTab(m_diff, tr("Comparison"));

    m_problems->setColumnCount(2);
    m_problems->setHeaderLabels({tr("Field"), tr("Problem")});
    m_problems->setRootIsDecorated(false);
    m_problems->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_problemsHeading->setWordWrap(true);
    auto *problemsBox = new QWidget(this);
    auto *problemsLayout = new QVBoxLayout(problemsBox);
    problemsLayout->setContentsMargins(0, 0, 0, 0);
    problemsLayout->addWidget(m_problemsHeading);
    problemsLayout->addWidget(m_problems, 1);
    problemsBox->hide();

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_tabs);
    splitter->addWidget(problemsBox);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);

    auto *content = new QWidget(this);
    auto *contentLayout = new QVBoxLayout(content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    contentLayout->addLayout(bar);
    contentLayout->addWidget(splitter, 1);

    m_noData->setAlignment(Qt::AlignCenter);
    m_noData->setWordWrap(true);
    m_stack->addWidget(content);
    m_stack->addWidget(m_noData);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_banner);
    layout->addWidget(m_stack, 1);

    connect(m_dump, &QPushButton::clicked, this, &SandboxDataPage::dump);
    connect(m_save, &QPushButton::clicked, this, &SandboxDataPage::chooseSavePath);
    connect(m_cancel, &QPushButton::clicked, this, &SandboxDataPage::cancel);
    connect(m_tree, &JsonTreeView::saved, this, [this](bool ok, const QString &error) {
        if (ok)
            m_status->setText(tr("Saved."));
        else
            m_banner->showMessage(ErrorBanner::Level::Error, tr("Could not save the dump."), error);
    });

    connect(m_controller, &ServerDataController::busyChanged, this, [this](bool busy) {
        if (!busy) {
            m_waiting = false;
            // "Comparing…" must not outlive the comparison.
            if (m_status->text() == m_shownActivity)
                m_status->clear();
            m_shownActivity.clear();
        }
        updateState();
    });
    connect(m_controller, &ServerDataController::dumped, this,
            [this](const QString &server, const QString &id, const ServerDataDump &dump) {
                if (!isMine(server, id))
                    return;
                m_tree->setJson(dump.data);
                m_shownDumpAt = dump.dumpedAt;
                showDumpTime();
                emit dumpShown();
            });
    connect(m_controller, &ServerDataController::initialized, this,
            [this](const QString &server, const QString &id, const SandboxActionResult &) {
                if (!isMine(server, id))
                    return;
                m_banner->showMessage(ErrorBanner::Level::Info,
                                      tr("The %1 data was initialized.").arg(server));
            });
    connect(m_controller, &ServerDataController::refused, this,
            [this](const QString &server, const QString &id, const QList<ServerDataProblem> &problems) {
                if (!isMine(server, id))
                    return;
                m_banner->showMessage(ErrorBanner::Level::Error,
                                      tr("Not sent: the data does not match the %1 schema.").arg(server));
                showProblems(tr("The data breaks the %1 schema here; nothing was sent:").arg(server),
                             problems);
            });
    connect(m_controller, &ServerDataController::failed, this,
            [this](const QString &context, const ApiError &error, const QList<ServerDataProblem> &problems) {
                if (!m_waiting)
                    return;
                m_banner->showError(context, error);
                if (!problems.isEmpty())
                    showProblems(tr("The server refused these fields:"), problems);
            });
    connect(m_controller, &ServerDataController::compared, this,
            [this](const QList<JsonDifference> &differences, bool truncated, const QString &before,
                   const QString &after) {
                if (!m_waiting)
                    return;
                m_diff->setDifferences(differences, truncated, before, after);
                m_tabs->setCurrentWidget(m_diff);
                emit comparisonShown();
            });
    setSandbox({}, {});
}

bool SandboxDataPage::isMine(const QString &serverName, const QString &sandboxId) const
{
    return serverName == m_serverName && sandboxId == m_sandboxId;
}

bool SandboxDataPage::hasDataEndpoints() const
{
    return ServerDataController::hasDataEndpoints(m_serverName);
}

void SandboxDataPage::setSandbox(const QString &serverName, const QString &sandboxId)
{
    m_serverName = serverName;
    m_sandboxId = sandboxId;
    m_changedAt = {};
    m_shownDumpAt = {};
    m_banner->hide();
    showProblems({}, {});
    m_tree->setJson(QJsonValue(QJsonValue::Undefined));
    m_diff->clear();
    m_tabs->setCurrentWidget(m_tree);
    m_status->clear();
    if (serverName.isEmpty()) {
        m_title->clear();
        m_noData->setText(tr("Choose a sandbox to see its server's data."));
    } else {
        m_title->setText(tr("%1 data in sandbox %2").arg(serverName, sandboxId));
        m_noData->setText(tr("The %1 server has no data endpoints: its data cannot be dumped or initialized "
                             "through the API.")
                              .arg(serverName));
    }
    if (!serverName.isEmpty())
        m_status->setText(tr("Not dumped yet in this session."));
    if (m_controller->hasLastDump(serverName, sandboxId)) {
        const ServerDataDump last = m_controller->lastDump(serverName, sandboxId);
        m_tree->setJson(last.data);
        m_shownDumpAt = last.dumpedAt;
        showDumpTime();
    }
    updateState();
}

void SandboxDataPage::setSandboxChangedAt(const QDateTime &changedAt)
{
    m_changedAt = changedAt;
    if (m_shownDumpAt.isValid())
        showDumpTime();
}

void SandboxDataPage::showDumpTime()
{
    const QLocale locale;
    const QString dumped =
        tr("Dumped %1.").arg(locale.toString(m_shownDumpAt.toLocalTime(), QLocale::ShortFormat));
    const bool stale = m_changedAt.isValid() && m_shownDumpAt.isValid() && m_changedAt > m_shownDumpAt;
    m_status->setProperty("stale", stale);
    if (!stale) {
        m_status->setText(dumped);
        m_status->setToolTip({});
        return;
    }
    m_status->setText(
        tr("Stale: dumped %1, and the sandbox changed at %2 (a reset or an initialize). Dump again "
           "to see its data now.")
            .arg(locale.toString(m_shownDumpAt.toLocalTime(), QLocale::ShortFormat),
                 locale.toString(m_changedAt.toLocalTime(), QLocale::ShortFormat)));
    m_status->setToolTip(tr("The tree shows the data as it was at the dump, not as it is."));
}

void SandboxDataPage::updateState()
{
    const bool usable = !m_serverName.isEmpty() && hasDataEndpoints();
    m_stack->setCurrentIndex(usable ? 0 : 1);
    const bool busy = m_controller->isBusy();
    for (QWidget *button : {static_cast<QWidget *>(m_dump), static_cast<QWidget *>(m_initialize),
                            static_cast<QWidget *>(m_compare)})
        button->setEnabled(usable && !busy);
    m_save->setEnabled(usable && !busy && !m_tree->json().isUndefined());
    m_cancel->setVisible(busy && m_waiting);
    if (busy && m_waiting) {
        m_shownActivity = m_controller->activity();
        m_status->setText(m_shownActivity);
    }
}

void SandboxDataPage::showProblems(const QString &heading, const QList<ServerDataProblem> &problems)
{
    m_problems->clear();
    m_problemsHeading->setText(heading);
    for (const auto &problem : problems) {
        auto *item = new QTreeWidgetItem(m_problems, {problem.path, problem.message});
        item->setToolTip(0, problem.path);
        item->setToolTip(1, problem.message);
    }
    m_problems->parentWidget()->setVisible(!problems.isEmpty());
}

void SandboxDataPage::dump()
{
    if (m_controller->isBusy() || !hasDataEndpoints())
        return;
    m_banner->hide();
    m_waiting = true;
    m_controller->dump(m_serverName, m_sandboxId);
    updateState();
}

void SandboxDataPage::saveDumpTo(const QString &path)
{
    m_tree->saveTo(path);
}

void SandboxDataPage::initializeFromFile(const QString &path)
{
    if (m_controller->isBusy() || !hasDataEndpoints())
        return;
    m_banner->hide();
    showProblems({}, {});
    m_waiting = true;
    m_controller->initializeFromFile(m_serverName, m_sandboxId, path);
    updateState();
}

void SandboxDataPage::initializeDefault()
{
    if (m_controller->isBusy() || !hasDataEndpoints())
        return;
    m_banner->hide();
    showProblems({}, {});
    m_waiting = true;
    m_controller->initializeDefault(m_serverName, m_sandboxId);
    updateState();
}

void SandboxDataPage::compareWithSavedDump(const QString &path)
{
    if (m_controller->isBusy() || !hasDataEndpoints())
        return;
    m_banner->hide();
    m_waiting = true;
    m_controller->compareWithNow(m_serverName, m_sandboxId, path);
    updateState();
}

void SandboxDataPage::compareSavedDumps(const QString &beforePath, const QString &afterPath)
{
    if (m_controller->isBusy())
        return;
    m_banner->hide();
    m_waiting = true;
    m_controller->compareFiles(beforePath, afterPath);
    updateState();
}

void SandboxDataPage::cancel()
{
    if (m_waiting)
        m_controller->cancel();
}

void SandboxDataPage::chooseSavePath()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save the dump"), u"%1-%2.json"_s.arg(m_serverName, m_sandboxId.left(8)), jsonFilter());
    if (!path.isEmpty())
        saveDumpTo(path);
}

void SandboxDataPage::chooseInitializeFile()
{
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Initialize from a JSON file"), {}, jsonFilter());
    if (!path.isEmpty())
        initializeFromFile(path);
}

void SandboxDataPage::chooseSavedDump()
{
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Compare with a saved dump"), {}, jsonFilter());
    if (!path.isEmpty())
        compareWithSavedDump(path);
}

void SandboxDataPage::chooseTwoDumps()
{
    const QString before = QFileDialog::getOpenFileName(this, tr("The earlier dump"), {}, jsonFilter());
    if (before.isEmpty())
        return;
    const QString after = QFileDialog::getOpenFileName(this, tr("The later dump"), {}, jsonFilter());
    if (!after.isEmpty())
        compareSavedDumps(before, after);
}
