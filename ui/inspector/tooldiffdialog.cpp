#include "inspector/tooldiffdialog.h"

#include "common/jsondiffview.h"
#include "mcp/mcpcall.h"
#include "mcp/toollistfile.h"
#include "session/mcpinspector.h"
#include "json/jsondiff.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFutureWatcher>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QtConcurrent/QtConcurrentRun>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

constexpr int nameRole = Qt::UserRole;

// What a worker hands back: the list, or why there is none.
struct ListedTools
{
    std::optional<QList<McpTool>> tools;
    QString problem;
};

// A tool only one side has, member by member (name, description, inputSchema, ...) as JsonDiff lists it
// against nothing, so that the details read like a changed tool's.
QList<JsonDifference> wholeTool(const McpTool &tool, JsonDifference::Kind kind)
{
    JsonDiff diff;
    return kind == JsonDifference::Kind::Added ? diff.compare(QJsonObject(), tool.raw)
                                               : diff.compare(tool.raw, QJsonObject());
}

const McpTool *findTool(const QList<McpTool> &tools, const QString &name)
{
    for (const McpTool &tool : tools) {
        if (tool.name == name)
            return &tool;
    }
    return nullptr;
}

} // namespace

ToolDiffDialog::ToolDiffDialog(McpInspector *inspector, QWidget *parent)
    : QDialog(parent), m_inspector(inspector), m_compare(new QPushButton(tr("Compare"), this)),
      m_saveA(new QPushButton(tr("Save A's list…"), this)),
      m_saveB(new QPushButton(tr("Save B's list…"), this)), m_status(new QLabel(this)),
      m_summary(new QLabel(this)), m_tools(new QTreeWidget(this)), m_details(new JsonDiffView(this))
{
    setWindowTitle(tr("Tool diff"));
    auto *sides = new QHBoxLayout;
    sides->addWidget(buildSide(Side::A, tr("A (before)")));
    sides->addWidget(buildSide(Side::B, tr("B (after)")));

    auto *actions = new QHBoxLayout;
    m_compare->setDefault(true);
    actions->addWidget(m_compare);
    actions->addWidget(m_status, 1);
    actions->addWidget(m_saveA);
    actions->addWidget(m_saveB);
    m_saveA->setEnabled(false);
    m_saveB->setEnabled(false);
    m_saveA->setToolTip(tr("Save the list A had in this comparison, to compare against later"));
    m_saveB->setToolTip(tr("Save the list B had in this comparison, to compare against later"));
    m_status->setWordWrap(true);

    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setText(tr("Choose the two tool lists and compare them."));

    m_tools->setColumnCount(ColumnCount);
    m_tools->setHeaderLabels({tr("Tool"), tr("Change")});
    m_tools->setRootIsDecorated(false);
    m_tools->setUniformRowHeights(true);
    m_tools->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tools->header()->setSectionResizeMode(ToolColumn, QHeaderView::ResizeToContents);
    m_tools->header()->setStretchLastSection(true);
    m_tools->setAccessibleName(tr("Tools that differ"));

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_tools);
    splitter->addWidget(m_details);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    splitter->setChildrenCollapsible(false);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(sides);
    layout->addLayout(actions);
    layout->addWidget(m_summary);
    layout->addWidget(splitter, 1);
    layout->addWidget(buttons);

    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_compare, &QPushButton::clicked, this, &ToolDiffDialog::compare);
    connect(m_tools, &QTreeWidget::currentItemChanged, this, &ToolDiffDialog::showDetails);
    for (const Side side : {Side::A, Side::B}) {
        connect(saveButton(side), &QPushButton::clicked, this, [this, side] {
            const QString path = QFileDialog::getSaveFileName(this, tr("Save the tool list"), u"tools.json"_s,
                                                              tr("JSON files (*.json)"));
            if (!path.isEmpty())
                saveList(side, path);
        });
    }
    resize(1000, 640);
}

QWidget *ToolDiffDialog::buildSide(Side side, const QString &title)
{
    SidePanel &p = panel(side);
    auto *box = new QGroupBox(title, this);
    p.source = new QComboBox(box);
    p.source->addItem(tr("A sandbox (its current tool list)"), int(Source::Sandbox));
    p.source->addItem(tr("A saved list file"), int(Source::File));
    p.source->setAccessibleName(title + u' ' + tr("source"));
    p.stack = new QStackedWidget(box);

    p.sandbox = new QComboBox(box);
    p.sandbox->setAccessibleName(title + u' ' + tr("sandbox"));
    p.sandbox->setPlaceholderText(tr("No sandbox with an MCP URL"));
    p.stack->addWidget(p.sandbox);

    auto *filePage = new QWidget(box);
    auto *fileRow = new QHBoxLayout(filePage);
    fileRow->setContentsMargins({});
    p.file = new QLineEdit(filePage);
    p.file->setPlaceholderText(tr("A list saved with mcp tools --json, or a tools/list result"));
    p.file->setAccessibleName(title + u' ' + tr("file"));
    auto *browse = new QToolButton(filePage);
    browse->setText(tr("Browse…"));
    fileRow->addWidget(p.file, 1);
    fileRow->addWidget(browse);
    p.stack->addWidget(filePage);

    p.given = new QLabel(box);
    p.given->setWordWrap(true);
    p.stack->addWidget(p.given);

    auto *layout = new QVBoxLayout(box);
    layout->addWidget(p.source);
    layout->addWidget(p.stack);

    connect(p.source, &QComboBox::currentIndexChanged, this,
            [this, side](int index) { panel(side).stack->setCurrentIndex(index); });
    connect(browse, &QToolButton::clicked, this, [this, side] {
        const QString path =
            QFileDialog::getOpenFileName(this, tr("Open a saved tool list"), panel(side).file->text(),
                                         tr("JSON files (*.json);;All files (*)"));
        if (!path.isEmpty())
            panel(side).file->setText(path);
    });
    return box;
}

void ToolDiffDialog::addSandbox(const QString &label, const QUrl &mcpUrl, const QString &bearerToken)
{
    m_sandboxes.append({label, mcpUrl, bearerToken});
    m_a.sandbox->addItem(label);
    m_b.sandbox->addItem(label);
}

void ToolDiffDialog::setGivenList(Side side, const QString &label, const QList<McpTool> &tools)
{
    SidePanel &p = panel(side);
    p.givenLabel = label;
    p.givenTools = tools;
    if (p.source->count() == int(Source::Given))
        p.source->addItem(QString(), int(Source::Given));
    p.source->setItemText(int(Source::Given), label);
    p.given->setText(tr("%1: %n tool(s), as they were listed.", nullptr, int(tools.size())).arg(label));
    setSource(side, Source::Given);
}

void ToolDiffDialog::setSource(Side side, Source source)
{
    panel(side).source->setCurrentIndex(int(source));
}

void ToolDiffDialog::setSandbox(Side side, int index)
{
    setSource(side, Source::Sandbox);
    panel(side).sandbox->setCurrentIndex(index);
}

void ToolDiffDialog::setFile(Side side, const QString &path)
{
    setSource(side, Source::File);
    panel(side).file->setText(path);
}

void ToolDiffDialog::setBusy(bool busy)
{
    m_compare->setEnabled(!busy);
    m_saveA->setEnabled(!busy && m_a.tools.has_value());
    m_saveB->setEnabled(!busy && m_b.tools.has_value());
    m_a.source->setEnabled(!busy);
    m_b.source->setEnabled(!busy);
    m_a.stack->setEnabled(!busy);
    m_b.stack->setEnabled(!busy);
}

void ToolDiffDialog::compare()
{
    ++m_generation;
    for (const auto &call : std::as_const(m_calls)) {
        if (call)
            call->cancel();
    }
    m_calls.clear();
    m_a.tools.reset();
    m_b.tools.reset();
    m_result.reset();
    m_tools->clear();
    m_details->clear();
    setBusy(true);
    m_status->setText(tr("Listing the tools…"));
    listSide(Side::A);
    listSide(Side::B);
}

void ToolDiffDialog::listSide(Side side)
{
    SidePanel &p = panel(side);
    const int generation = m_generation;
    const QString sideName = side == Side::A ? u"A"_s : u"B"_s;
    switch (Source(p.source->currentIndex())) {
    case Source::Given:
        sideListed(side, p.givenTools);
        return;
    case Source::File: {
        const QString path = p.file->text().trimmed();
        if (path.isEmpty())
            return fail(tr("Choose a saved list file for %1.").arg(sideName));
        auto *watcher = new QFutureWatcher<ListedTools>(this);
        connect(watcher, &QFutureWatcher<ListedTools>::finished, this, [this, watcher, side, generation] {
            watcher->deleteLater();
            if (generation != m_generation)
                return;
            const ListedTools listed = watcher->result();
            if (!listed.tools)
                return fail(listed.problem);
            sideListed(side, *listed.tools);
        });
        watcher->setFuture(QtConcurrent::run([path] {
            ListedTools listed;
            listed.tools = ToolListFile::read(path, &listed.problem);
            return listed;
        }));
        return;
    }
    case Source::Sandbox:
        break;
    }
    const int index = p.sandbox->currentIndex();
    if (index < 0 || index >= m_sandboxes.size())
        return fail(tr("Choose a sandbox for %1.").arg(sideName));
    const Sandbox &sandbox = m_sandboxes.at(index);
    McpCall *call = m_inspector->listToolsOnce(sandbox.url, sandbox.bearerToken, this);
    m_calls.append(call);
    connect(call, &McpCall::finished, this, [this, call, side, generation, label = sandbox.label] {
        if (generation != m_generation)
            return;
        if (call->error().isError())
            return fail(tr("%1: %2").arg(label, call->error().describe()));
        sideListed(side, call->tools());
    });
}

void ToolDiffDialog::sideListed(Side side, const QList<McpTool> &tools)
{
    panel(side).tools = tools;
    if (!m_a.tools || !m_b.tools)
        return;
    m_status->setText(tr("Comparing…"));
    const int generation = m_generation;
    auto *watcher = new QFutureWatcher<ToolListDiff>(this);
    connect(watcher, &QFutureWatcher<ToolListDiff>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation != m_generation)
            return;
        m_result = watcher->result();
        setBusy(false);
        m_status->clear();
        showResult();
        emit compared();
    });
    watcher->setFuture(QtConcurrent::run(
        [before = *m_a.tools, after = *m_b.tools] { return ToolListDiff::compare(before, after); }));
}

void ToolDiffDialog::saveList(Side side, const QString &path)
{
    if (!panel(side).tools)
        return;
    auto *watcher = new QFutureWatcher<QString>(this);
    connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher, path] {
        watcher->deleteLater();
        const QString problem = watcher->result();
        if (!problem.isEmpty()) {
            m_status->setText(problem);
            return emit failed(problem);
        }
        m_status->setText(tr("Saved as %1.").arg(path));
        emit saved(path);
    });
    watcher->setFuture(QtConcurrent::run([path, tools = *panel(side).tools] {
        QString problem;
        ToolListFile::write(path, tools, &problem);
        return problem;
    }));
}

void ToolDiffDialog::fail(const QString &problem)
{
    ++m_generation; // the other side's answer, if it comes, is of no use now
    setBusy(false);
    m_status->setText(problem);
    m_summary->setText(tr("Not compared."));
    emit failed(problem);
}

QString ToolDiffDialog::summaryText() const
{
    if (!m_result)
        return {};
    const ToolListDiff &diff = *m_result;
    if (diff.isSame())
        return tr("The tool lists are the same (%n tool(s)).", nullptr, int(diff.afterCount()));
    QStringList parts;
    if (!diff.added().isEmpty())
        parts << tr("%n tool(s) only in B", nullptr, int(diff.added().size()));
    if (!diff.removed().isEmpty())
        parts << tr("%n tool(s) only in A", nullptr, int(diff.removed().size()));
    if (!diff.changed().isEmpty())
        parts << tr("%n tool(s) changed", nullptr, int(diff.changed().size()));
    QString text = parts.join(u", "_s) + u"; "_s + tr("%n the same.", nullptr, int(diff.unchangedCount())) +
                   u' ' + tr("A has %1, B has %2.").arg(diff.beforeCount()).arg(diff.afterCount());
    if (diff.isTruncated())
        text += u' ' + tr("A comparison stopped at its limit: there may be more differences.");
    return text;
}

void ToolDiffDialog::showResult()
{
    m_summary->setText(summaryText());
    m_tools->clear();
    const ToolListDiff &diff = *m_result;
    auto addRow = [this](const QString &name, const QString &change, JsonDifference::Kind kind) {
        auto *item = new QTreeWidgetItem(m_tools, {name, change});
        item->setData(ToolColumn, nameRole, name);
        item->setForeground(ChangeColumn, JsonDiffView::kindColour(kind, palette()));
        item->setToolTip(ToolColumn, name);
    };
    for (const auto &change : diff.changed())
        addRow(change.name, tr("changed: %1").arg(change.partNames().join(u", "_s)),
               JsonDifference::Kind::Changed);
    for (const QString &name : diff.added())
        addRow(name, tr("only in B"), JsonDifference::Kind::Added);
    for (const QString &name : diff.removed())
        addRow(name, tr("only in A"), JsonDifference::Kind::Removed);
    if (m_tools->topLevelItemCount() > 0)
        m_tools->setCurrentItem(m_tools->topLevelItem(0));
}

void ToolDiffDialog::selectTool(const QString &name)
{
    for (int i = 0; i < m_tools->topLevelItemCount(); ++i) {
        if (m_tools->topLevelItem(i)->data(ToolColumn, nameRole).toString() == name)
            return m_tools->setCurrentItem(m_tools->topLevelItem(i));
    }
}

void ToolDiffDialog::showDetails()
{
    const QTreeWidgetItem *item = m_tools->currentItem();
    if (!item || !m_result || !m_a.tools || !m_b.tools)
        return m_details->clear();
    const QString name = item->data(ToolColumn, nameRole).toString();
    QList<JsonDifference> differences;
    if (const auto *change = m_result->change(name)) {
        for (const auto &part : change->parts)
            differences += part.differences;
    } else if (const McpTool *added =
                   m_result->added().contains(name) ? findTool(*m_b.tools, name) : nullptr) {
        differences = wholeTool(*added, JsonDifference::Kind::Added);
    } else if (const McpTool *removed = findTool(*m_a.tools, name)) {
        differences = wholeTool(*removed, JsonDifference::Kind::Removed);
    }
    m_details->setDifferences(differences, m_result->isTruncated(), u"A"_s, u"B"_s);
}
