#include "common/jsontreeview.h"

#include "api/secretfile.h"
#include "common/errorcolour.h"
#include "common/jsoncelldelegate.h"
#include "common/treecolumnfit.h"
#include "models/jsontreemodel.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QFileDialog>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QQueue>
#include <QtConcurrent>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

QToolButton *toolButton(const QString &text, const QString &icon, QWidget *parent)
{
    auto *button = new QToolButton(parent);
    button->setText(text);
    button->setToolTip(text);
    if (!icon.isEmpty()) {
        button->setIcon(QIcon(icon));
        button->setToolButtonStyle(Qt::ToolButtonIconOnly);
    }
    button->setAutoRaise(true);
    return button;
}

struct SaveOutcome
{
    bool ok = false;
    QString error;
};

SaveOutcome writeJson(const QString &path, const QJsonValue &value)
{
    QByteArray bytes;
    if (value.isObject())
        bytes = QJsonDocument(value.toObject()).toJson(QJsonDocument::Indented);
    else if (value.isArray())
        bytes = QJsonDocument(value.toArray()).toJson(QJsonDocument::Indented);
    else // a lone scalar: written as the one element's text
        bytes = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact).chopped(1).mid(1) + '\n';
    // What a tree shows may be a server's data or a call's result, with tokens in it: kept from other users.
    if (QString problem = SecretFile::write(path, bytes); !problem.isEmpty())
        return {false, problem};
    return {true, {}};
}

} // namespace

JsonTreeView::JsonTreeView(QWidget *parent)
    : QWidget(parent), m_model(new JsonTreeModel(this)), m_tree(new QTreeView(this)),
      m_search(new QLineEdit(this)), m_previous(toolButton(tr("Previous match"), {}, this)),
      m_next(toolButton(tr("Next match"), {}, this)), m_hitLabel(new QLabel(this)),
      m_copyPath(toolButton(tr("Copy path"), {}, this)),
      m_copyValue(toolButton(tr("Copy value"), u":/icons/copy.svg"_s, this)),
      m_expand(toolButton(tr("Expand all"), {}, this)), m_collapse(toolButton(tr("Collapse all"), {}, this)),
      m_save(toolButton(tr("Save as JSON…"), u":/icons/download.svg"_s, this)), m_status(new QLabel(this)),
      m_searchDelay(new QTimer(this)), m_keyFit(new TreeColumnFit(m_tree, JsonTreeModel::KeyColumn,
                                                                  fontMetrics().horizontalAdvance(u'M') * 14))
{
    m_search->setObjectName(u"jsonSearch"_s);
    m_search->setPlaceholderText(tr("Find in keys and values"));
    m_search->setClearButtonEnabled(true);
    m_search->addAction(QIcon(u":/icons/search.svg"_s), QLineEdit::LeadingPosition);
    m_previous->setArrowType(Qt::UpArrow);
    m_next->setArrowType(Qt::DownArrow);
    m_hitLabel->setObjectName(u"jsonHits"_s);
    m_hitLabel->setForegroundRole(QPalette::PlaceholderText);
    m_status->setObjectName(u"jsonStatus"_s);
    m_status->setWordWrap(true);
    m_status->setVisible(false);

    m_tree->setObjectName(u"jsonTree"_s);
    m_tree->setModel(m_model);
    m_tree->setUniformRowHeights(true); // lets a view of a huge array skip measuring every row
    m_tree->setAlternatingRowColors(true);
    m_tree->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tree->setTextElideMode(Qt::ElideRight);
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(JsonTreeModel::KeyColumn, QHeaderView::Interactive);
    m_tree->header()->setSectionResizeMode(JsonTreeModel::ValueColumn, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(JsonTreeModel::TypeColumn, QHeaderView::ResizeToContents);
    m_tree->setColumnWidth(JsonTreeModel::KeyColumn, fontMetrics().horizontalAdvance(u'M') * 14);
    // Line breaks as arrows on the one line, a string's whole text in its tooltip.
    m_tree->setItemDelegate(new JsonCellDelegate(m_tree));

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->setSpacing(2);
    bar->addWidget(m_search, 1);
    bar->addWidget(m_hitLabel);
    bar->addWidget(m_previous);
    bar->addWidget(m_next);
    bar->addSpacing(8);
    bar->addWidget(m_expand);
    bar->addWidget(m_collapse);
    bar->addWidget(m_copyPath);
    bar->addWidget(m_copyValue);
    bar->addWidget(m_save);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_status);
    layout->addWidget(m_tree, 1);

    m_searchDelay->setSingleShot(true);
    m_searchDelay->setInterval(250);
    connect(m_searchDelay, &QTimer::timeout, this, [this] { find(m_search->text()); });
    connect(m_search, &QLineEdit::textEdited, m_searchDelay, qOverload<>(&QTimer::start));
    connect(m_search, &QLineEdit::returnPressed, this, [this] {
        if (m_searchDelay->isActive() || m_hits.isEmpty())
            find(m_search->text());
        else
            nextHit();
    });
    connect(m_next, &QToolButton::clicked, this, &JsonTreeView::nextHit);
    connect(m_previous, &QToolButton::clicked, this, &JsonTreeView::previousHit);
    connect(m_copyPath, &QToolButton::clicked, this, &JsonTreeView::copyPath);
    connect(m_copyValue, &QToolButton::clicked, this, &JsonTreeView::copyValue);
    connect(m_expand, &QToolButton::clicked, this, [this] {
        if (expandAll() >= maximumExpanded)
            setStatus(
                tr("Expanded the first %n node(s); search to reach the others.", nullptr, maximumExpanded));
    });
    connect(m_collapse, &QToolButton::clicked, this, &JsonTreeView::collapseAll);
    connect(m_save, &QToolButton::clicked, this, &JsonTreeView::saveAs);
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &JsonTreeView::updateActions);
    // The same verbs on a right click, beside the node they act on; Ctrl+C copies the value (the view's
    // own copy takes only the cell's shortened text).
    m_tree->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto *copyPathAction = new QAction(tr("Copy path"), m_tree);
    auto *copyValueAction = new QAction(tr("Copy value"), m_tree);
    connect(copyPathAction, &QAction::triggered, this, &JsonTreeView::copyPath);
    connect(copyValueAction, &QAction::triggered, this, &JsonTreeView::copyValue);
    m_tree->addActions({copyPathAction, copyValueAction});
    m_tree->installEventFilter(this);
    updateActions();
}

void JsonTreeView::setJson(const QJsonValue &value)
{
    ++m_loadGeneration;
    ++m_searchGeneration; // hits found in the previous document mean nothing in this one
    m_hits.clear();
    m_currentHit = -1;
    m_model->setJson(value);
    m_status->setVisible(false);
    // A lone row with something under it is opened; expanding one without (a "$" null) left the key
    // column drawn from the previous document after the next reset (seen in the Universes view).
    if (m_model->rowCount() == 1 && m_model->hasChildren(m_model->index(0, 0)))
        m_tree->expand(m_model->index(0, 0));
    if (!m_search->text().isEmpty())
        find(m_search->text());
    m_keyFit->scheduleFit();
    updateActions();
}

void JsonTreeView::loadJson(const QByteArray &text)
{
    const int generation = ++m_loadGeneration;
    ++m_busy;
    setStatus(tr("Reading %1…").arg(QLocale().formattedDataSize(text.size())));
    auto *watcher = new QFutureWatcher<std::pair<QJsonValue, QString>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        --m_busy;
        if (generation != m_loadGeneration)
            return;
        const auto [value, error] = watcher->result();
        if (!error.isEmpty()) {
            m_model->setJson(QJsonValue(QJsonValue::Undefined));
            setStatus(tr("Not valid JSON: %1").arg(error), true);
            updateActions();
            emit loaded(false, error);
            return;
        }
        setJson(value);
        emit loaded(true, {});
    });
    watcher->setFuture(QtConcurrent::run([text] {
        QString error;
        QJsonValue value = JsonTreeModel::parse(text, &error);
        return std::pair<QJsonValue, QString>(std::move(value), std::move(error));
    }));
}

QJsonValue JsonTreeView::json() const
{
    return m_model->json();
}

void JsonTreeView::find(const QString &text)
{
    m_searchDelay->stop();
    const int generation = ++m_searchGeneration;
    m_hits.clear();
    m_currentHit = -1;
    if (text.isEmpty()) {
        m_hitLabel->clear();
        updateActions();
        emit searchFinished(0);
        return;
    }
    ++m_busy;
    m_hitLabel->setText(tr("Searching…"));
    auto *watcher = new QFutureWatcher<QList<QList<int>>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        --m_busy;
        if (generation != m_searchGeneration)
            return;
        m_hits = watcher->result();
        if (m_hits.isEmpty())
            m_hitLabel->setText(tr("No match"));
        updateActions();
        if (!m_hits.isEmpty())
            showHit(0);
        emit searchFinished(int(m_hits.size()));
    });
    watcher->setFuture(QtConcurrent::run(&JsonTreeModel::search, m_model->json(), text, maximumHits));
}

void JsonTreeView::showHit(int hit)
{
    if (m_hits.isEmpty())
        return;
    m_currentHit = (hit + int(m_hits.size())) % int(m_hits.size());
    const QModelIndex index = m_model->indexOfRows(m_hits.at(m_currentHit));
    for (QModelIndex up = index.parent(); up.isValid(); up = up.parent())
        m_tree->expand(up);
    m_tree->setCurrentIndex(index);
    m_tree->scrollTo(index);
    const QString total =
        m_hits.size() >= maximumHits ? u"%1+"_s.arg(maximumHits) : QString::number(m_hits.size());
    m_hitLabel->setText(tr("%1 of %2").arg(m_currentHit + 1).arg(total));
}

void JsonTreeView::nextHit()
{
    showHit(m_currentHit + 1);
}

void JsonTreeView::previousHit()
{
    showHit(m_currentHit - 1);
}

QString JsonTreeView::currentPath() const
{
    const QModelIndex current = m_tree->currentIndex();
    return current.isValid() ? m_model->pathOf(current.siblingAtColumn(0)) : QString();
}

void JsonTreeView::copyPath()
{
    const QString path = currentPath();
    if (path.isEmpty())
        return;
    QApplication::clipboard()->setText(path);
    emit copied(tr("JSON path"));
}

void JsonTreeView::copyValue()
{
    const QModelIndex current = m_tree->currentIndex();
    if (!current.isValid())
        return;
    const QJsonValue value = m_model->valueOf(current.siblingAtColumn(0));
    QString text;
    if (value.isString())
        text = value.toString(); // the text itself, not its JSON spelling
    else if (value.isObject())
        text = QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Indented));
    else if (value.isArray())
        text = QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Indented));
    else
        text = m_model->data(current.siblingAtColumn(JsonTreeModel::ValueColumn)).toString();
    QApplication::clipboard()->setText(text);
    emit copied(tr("JSON value"));
}

int JsonTreeView::expandAll()
{
    int expanded = 0;
    QQueue<QModelIndex> pending;
    pending.enqueue(QModelIndex());
    while (!pending.isEmpty() && expanded < maximumExpanded) {
        const QModelIndex parent = pending.dequeue();
        const int rows = m_model->rowCount(parent);
        for (int row = 0; row < rows && expanded < maximumExpanded; ++row) {
            const QModelIndex child = m_model->index(row, 0, parent);
            if (m_model->hasChildren(child)) {
                m_tree->expand(child);
                ++expanded;
                pending.enqueue(child);
            }
        }
    }
    return expanded;
}

void JsonTreeView::collapseAll()
{
    m_tree->collapseAll();
}

void JsonTreeView::saveTo(const QString &path)
{
    ++m_busy;
    auto *watcher = new QFutureWatcher<SaveOutcome>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] {
        watcher->deleteLater();
        --m_busy;
        const SaveOutcome outcome = watcher->result();
        if (!outcome.ok)
            setStatus(tr("Could not save: %1").arg(outcome.error), true);
        emit saved(outcome.ok, outcome.error);
    });
    watcher->setFuture(QtConcurrent::run(&writeJson, path, m_model->json()));
}

void JsonTreeView::saveAs()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save JSON"), u"dump.json"_s,
                                                      tr("JSON files (*.json);;All files (*)"));
    if (!path.isEmpty())
        saveTo(path);
}

bool JsonTreeView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_tree && event->type() == QEvent::KeyPress &&
        static_cast<QKeyEvent *>(event)->matches(QKeySequence::Copy)) {
        copyValue();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

void JsonTreeView::setStatus(const QString &text, bool error)
{
    m_status->setText(text);
    m_status->setVisible(!text.isEmpty());
    if (error)
        ErrorColour::applyTo(m_status, palette());
    else
        m_status->setPalette(palette());
}

void JsonTreeView::updateActions()
{
    const bool hasDocument = !m_model->json().isUndefined();
    const bool hasCurrent = m_tree->currentIndex().isValid();
    m_copyPath->setEnabled(hasCurrent);
    m_copyValue->setEnabled(hasCurrent);
    m_expand->setEnabled(hasDocument);
    m_collapse->setEnabled(hasDocument);
    m_save->setEnabled(hasDocument);
    m_search->setEnabled(hasDocument);
    m_next->setEnabled(m_hits.size() > 1);
    m_previous->setEnabled(m_hits.size() > 1);
}
