#include "common/jsondiffview.h"

#include "models/jsontreemodel.h"

#include <QAbstractTableModel>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QLocale>
#include <QPalette>
#include <QStyle>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

const QList<JsonDifference::Kind> &allKinds()
{
    static const QList<JsonDifference::Kind> kinds = {
        JsonDifference::Kind::Added, JsonDifference::Kind::Removed, JsonDifference::Kind::Changed,
        JsonDifference::Kind::TypeChanged};
    return kinds;
}

QString valueText(const QJsonValue &value)
{
    return value.isUndefined() ? QString() : JsonTreeModel::preview(value);
}

} // namespace

// The differences as rows, filtered by kind through a list of indexes: nothing per row is made up front.
class JsonDiffModel final : public QAbstractTableModel
{
public:
    explicit JsonDiffModel(QObject *parent) : QAbstractTableModel(parent) {}

    const QList<JsonDifference> &differences() const { return m_all; }
    const JsonDifference &at(int row) const { return m_all.at(m_rows.at(row)); }

    void setDifferences(const QList<JsonDifference> &differences, const QString &beforeLabel,
                        const QString &afterLabel)
    {
        beginResetModel();
        m_all = differences;
        m_beforeLabel = beforeLabel;
        m_afterLabel = afterLabel;
        fillRows();
        endResetModel();
        emit headerDataChanged(Qt::Horizontal, 0, JsonDiffView::ColumnCount - 1);
    }
    void setFilter(std::optional<JsonDifference::Kind> kind)
    {
        beginResetModel();
        m_filter = kind;
        fillRows();
        endResetModel();
    }
    void setPalette(const QPalette &palette)
    {
        m_palette = palette;
        if (!m_rows.isEmpty())
            emit dataChanged(index(0, 0), index(rowCount() - 1, 0), {Qt::ForegroundRole});
    }

    int rowCount(const QModelIndex &parent = {}) const override
    {
        return parent.isValid() ? 0 : int(m_rows.size());
    }
    int columnCount(const QModelIndex &parent = {}) const override
    {
        return parent.isValid() ? 0 : JsonDiffView::ColumnCount;
    }
    QVariant data(const QModelIndex &index, int role) const override
    {
        if (!index.isValid() || index.row() >= m_rows.size())
            return {};
        const JsonDifference &difference = at(index.row());
        if (role == Qt::DisplayRole) {
            switch (index.column()) {
            case JsonDiffView::KindColumn:
                return JsonDiffView::kindText(difference.kind);
            case JsonDiffView::PathColumn:
                return difference.path;
            case JsonDiffView::BeforeColumn:
                return valueText(difference.oldValue);
            case JsonDiffView::AfterColumn:
                return valueText(difference.newValue);
            }
        } else if (role == Qt::ToolTipRole && index.column() == JsonDiffView::PathColumn) {
            return difference.path;
        } else if (role == Qt::ForegroundRole && index.column() == JsonDiffView::KindColumn) {
            return JsonDiffView::kindColour(difference.kind, m_palette);
        } else if (role == Qt::FontRole && index.column() == JsonDiffView::KindColumn) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    }
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override
    {
        if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
            return {};
        switch (section) {
        case JsonDiffView::KindColumn:
            return JsonDiffView::tr("Change");
        case JsonDiffView::PathColumn:
            return JsonDiffView::tr("Path");
        case JsonDiffView::BeforeColumn:
            return m_beforeLabel.isEmpty() ? JsonDiffView::tr("Before") : m_beforeLabel;
        case JsonDiffView::AfterColumn:
            return m_afterLabel.isEmpty() ? JsonDiffView::tr("After") : m_afterLabel;
        }
        return {};
    }

private:
    void fillRows()
    {
        m_rows.clear();
        m_rows.reserve(m_all.size());
        for (qsizetype i = 0; i < m_all.size(); ++i)
            if (!m_filter || m_all.at(i).kind == *m_filter)
                m_rows.append(i);
    }

    QList<JsonDifference> m_all;
    QList<qsizetype> m_rows;
    std::optional<JsonDifference::Kind> m_filter;
    QPalette m_palette;
    QString m_beforeLabel;
    QString m_afterLabel;
};

JsonDiffView::JsonDiffView(QWidget *parent)
    : QWidget(parent), m_summary(new QLabel(this)), m_filter(new QComboBox(this)),
      m_copyPath(new QToolButton(this)), m_model(new JsonDiffModel(this)), m_tree(new QTreeView(this))
{
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setWordWrap(true);
    m_filter->addItem(tr("All changes"));
    for (const auto kind : allKinds())
        m_filter->addItem(kindText(kind), int(kind));
    m_filter->setAccessibleName(tr("Show changes of kind"));
    m_copyPath->setText(tr("Copy path"));
    m_copyPath->setToolTip(tr("Copy the selected difference's path"));
    m_copyPath->setEnabled(false);

    m_model->setPalette(palette());
    m_tree->setModel(m_model);
    m_tree->setRootIsDecorated(false);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tree->header()->setStretchLastSection(true);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_summary, 1);
    bar->addWidget(m_filter);
    bar->addWidget(m_copyPath);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_tree, 1);

    connect(m_filter, &QComboBox::currentIndexChanged, this, &JsonDiffView::applyFilter);
    connect(m_copyPath, &QToolButton::clicked, this, &JsonDiffView::copyPath);
    // Ctrl+C and the context menu copy the path too: what a reader takes to a grader or a query.
    auto *copyAction = new QAction(tr("Copy path"), m_tree);
    copyAction->setShortcut(QKeySequence::Copy);
    copyAction->setShortcutContext(Qt::WidgetShortcut);
    connect(copyAction, &QAction::triggered, this, &JsonDiffView::copyPath);
    m_tree->addAction(copyAction);
    m_tree->setContextMenuPolicy(Qt::ActionsContextMenu);
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this] { m_copyPath->setEnabled(!currentPath().isEmpty()); });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] { m_copyPath->setEnabled(false); });
    updateSummary();
}

QString JsonDiffView::kindText(JsonDifference::Kind kind)
{
    switch (kind) {
    case JsonDifference::Kind::Added:
        return tr("Added");
    case JsonDifference::Kind::Removed:
        return tr("Removed");
    case JsonDifference::Kind::Changed:
        return tr("Changed");
    case JsonDifference::Kind::TypeChanged:
        return tr("Type changed");
    }
    return {};
}

QColor JsonDiffView::kindColour(JsonDifference::Kind kind, const QPalette &palette)
{
    const bool dark = palette.color(QPalette::Base).lightness() < 128;
    switch (kind) {
    case JsonDifference::Kind::Added:
        return dark ? QColor(0x7e, 0xe0, 0x8a) : QColor(0x1a, 0x7f, 0x37);
    case JsonDifference::Kind::Removed:
        return dark ? QColor(0xff, 0x8a, 0x80) : QColor(0xb3, 0x26, 0x1e);
    case JsonDifference::Kind::Changed:
        return dark ? QColor(0xff, 0xc8, 0x57) : QColor(0x9a, 0x5b, 0x00);
    case JsonDifference::Kind::TypeChanged:
        return dark ? QColor(0xc5, 0x9b, 0xff) : QColor(0x6f, 0x42, 0xc1);
    }
    return palette.color(QPalette::Text);
}

void JsonDiffView::clear()
{
    setDifferences({}, false, {}, {});
}

void JsonDiffView::setDifferences(const QList<JsonDifference> &differences, bool truncated,
                                  const QString &beforeLabel, const QString &afterLabel)
{
    m_truncated = truncated;
    m_beforeLabel = beforeLabel;
    m_afterLabel = afterLabel;
    m_model->setDifferences(differences, beforeLabel, afterLabel);
    applyFilter();
    fitColumns();
}

const QList<JsonDifference> &JsonDiffView::differences() const
{
    return m_model->differences();
}

void JsonDiffView::setKindFilter(std::optional<JsonDifference::Kind> kind)
{
    m_filter->setCurrentIndex(kind ? m_filter->findData(int(*kind)) : 0);
}

std::optional<JsonDifference::Kind> JsonDiffView::kindFilter() const
{
    const QVariant data = m_filter->currentData();
    if (!data.isValid())
        return std::nullopt;
    return JsonDifference::Kind(data.toInt());
}

int JsonDiffView::visibleRowCount() const
{
    return m_model->rowCount();
}

void JsonDiffView::applyFilter()
{
    m_model->setFilter(kindFilter());
    updateSummary();
}

void JsonDiffView::updateSummary()
{
    if (m_beforeLabel.isEmpty() && m_afterLabel.isEmpty() && differences().isEmpty()) {
        m_summary->setText(tr("Nothing compared yet."));
        return;
    }
    QString text;
    if (differences().isEmpty()) {
        text = tr("No differences: %1 and %2 hold the same data.").arg(m_beforeLabel, m_afterLabel);
    } else {
        QStringList counts;
        for (const auto kind : allKinds()) {
            const auto count = std::count_if(differences().cbegin(), differences().cend(),
                                             [kind](const JsonDifference &d) { return d.kind == kind; });
            if (count > 0)
                counts << u"%1 %2"_s.arg(count).arg(kindText(kind).toLower());
        }
        if (differences().size() == 1)
            text =
                tr("1 difference from %1 to %2: %3").arg(m_beforeLabel, m_afterLabel, counts.join(u", "_s));
        else
            text = tr("%1 differences from %2 to %3: %4")
                       .arg(QLocale().toString(differences().size()), m_beforeLabel, m_afterLabel,
                            counts.join(u", "_s));
        if (m_truncated)
            text += u' ' + tr("The comparison stopped early; more differences may exist.");
        const int visible = visibleRowCount();
        if (visible != differences().size())
            text += u' ' + tr("%1 shown.").arg(QLocale().toString(visible));
    }
    m_summary->setText(text);
}

QString JsonDiffView::currentPath() const
{
    const QModelIndex current = m_tree->currentIndex();
    return current.isValid() ? m_model->at(current.row()).path : QString();
}

void JsonDiffView::copyPath()
{
    const QString path = currentPath();
    if (path.isEmpty())
        return;
    QApplication::clipboard()->setText(path);
    emit copied(tr("path"));
}

void JsonDiffView::fitColumns()
{
    // Paths are what a reader scans: shown whole, unless one would take more than half the width. Measured
    // from the text, since a hidden view has laid out no rows to measure.
    const QFontMetrics metrics(m_tree->font());
    const int margin = 3 * m_tree->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_tree) + 16;
    int pathWidth = metrics.horizontalAdvance(tr("Path"));
    const qsizetype measured = std::min<qsizetype>(differences().size(), 500);
    for (qsizetype i = 0; i < measured; ++i)
        pathWidth = std::max(pathWidth, metrics.horizontalAdvance(differences().at(i).path));
    // Not ResizeToContents: that measures every row each time the view is shown.
    QFont bold = m_tree->font();
    bold.setBold(true);
    int kindWidth = metrics.horizontalAdvance(tr("Change"));
    for (const auto kind : allKinds())
        kindWidth = std::max(kindWidth, QFontMetrics(bold).horizontalAdvance(kindText(kind)));
    m_tree->setColumnWidth(KindColumn, kindWidth + margin);
    const int available = std::max(width(), 400);
    m_tree->setColumnWidth(PathColumn, std::min(pathWidth + margin, available / 2));
    m_tree->setColumnWidth(BeforeColumn, available / 5);
}

void JsonDiffView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitColumns();
}

void JsonDiffView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        m_model->setPalette(palette());
}
