#include "widgets/jsondiffview.h"

#include "models/jsontreemodel.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPalette>
#include <QStyle>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

constexpr int kindRole = Qt::UserRole + 1;

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

JsonDiffView::JsonDiffView(QWidget *parent)
    : QWidget(parent), m_summary(new QLabel(this)), m_filter(new QComboBox(this)),
      m_copyPath(new QToolButton(this)), m_tree(new QTreeWidget(this))
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

    m_tree->setColumnCount(ColumnCount);
    m_tree->setHeaderLabels({tr("Change"), tr("Path"), tr("Before"), tr("After")});
    m_tree->setRootIsDecorated(false);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tree->header()->setStretchLastSection(true);
    m_tree->header()->setSectionResizeMode(KindColumn, QHeaderView::ResizeToContents);

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
    connect(m_tree, &QTreeWidget::currentItemChanged, this,
            [this] { m_copyPath->setEnabled(!currentPath().isEmpty()); });
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
    m_differences = differences;
    m_truncated = truncated;
    m_beforeLabel = beforeLabel;
    m_afterLabel = afterLabel;
    m_tree->clear();
    QList<QTreeWidgetItem *> items;
    items.reserve(differences.size());
    for (const auto &difference : differences) {
        auto *item = new QTreeWidgetItem;
        item->setText(KindColumn, kindText(difference.kind));
        item->setData(KindColumn, kindRole, int(difference.kind));
        item->setText(PathColumn, difference.path);
        item->setToolTip(PathColumn, difference.path);
        item->setText(BeforeColumn, valueText(difference.oldValue));
        item->setText(AfterColumn, valueText(difference.newValue));
        items.append(item);
    }
    m_tree->addTopLevelItems(items);
    m_tree->headerItem()->setText(BeforeColumn, beforeLabel.isEmpty() ? tr("Before") : beforeLabel);
    m_tree->headerItem()->setText(AfterColumn, afterLabel.isEmpty() ? tr("After") : afterLabel);
    applyColours();
    applyFilter();
    fitColumns();
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
    int visible = 0;
    for (int row = 0; row < m_tree->topLevelItemCount(); ++row)
        visible += m_tree->topLevelItem(row)->isHidden() ? 0 : 1;
    return visible;
}

void JsonDiffView::applyFilter()
{
    const auto kind = kindFilter();
    for (int row = 0; row < m_tree->topLevelItemCount(); ++row) {
        auto *item = m_tree->topLevelItem(row);
        item->setHidden(kind && item->data(KindColumn, kindRole).toInt() != int(*kind));
    }
    updateSummary();
}

void JsonDiffView::applyColours()
{
    for (int row = 0; row < m_tree->topLevelItemCount(); ++row) {
        auto *item = m_tree->topLevelItem(row);
        const auto kind = JsonDifference::Kind(item->data(KindColumn, kindRole).toInt());
        item->setForeground(KindColumn, kindColour(kind, palette()));
        QFont font = item->font(KindColumn);
        font.setBold(true);
        item->setFont(KindColumn, font);
    }
}

void JsonDiffView::updateSummary()
{
    if (m_beforeLabel.isEmpty() && m_afterLabel.isEmpty() && m_differences.isEmpty()) {
        m_summary->setText(tr("Nothing compared yet."));
        return;
    }
    QString text;
    if (m_differences.isEmpty()) {
        text = tr("No differences: %1 and %2 hold the same data.").arg(m_beforeLabel, m_afterLabel);
    } else {
        QStringList counts;
        for (const auto kind : allKinds()) {
            const auto count = std::count_if(m_differences.cbegin(), m_differences.cend(),
                                             [kind](const JsonDifference &d) { return d.kind == kind; });
            if (count > 0)
                counts << u"%1 %2"_s.arg(count).arg(kindText(kind).toLower());
        }
        if (m_differences.size() == 1)
            text =
                tr("1 difference from %1 to %2: %3").arg(m_beforeLabel, m_afterLabel, counts.join(u", "_s));
        else
            text = tr("%1 differences from %2 to %3: %4")
                       .arg(QLocale().toString(m_differences.size()), m_beforeLabel, m_afterLabel,
                            counts.join(u", "_s));
        if (m_truncated)
            text += u' ' + tr("The comparison stopped early; more differences may exist.");
        const int visible = visibleRowCount();
        if (visible != m_differences.size())
            text += u' ' + tr("%1 shown.").arg(QLocale().toString(visible));
    }
    m_summary->setText(text);
}

QString JsonDiffView::currentPath() const
{
    const auto *item = m_tree->currentItem();
    return item && !item->isHidden() ? item->text(PathColumn) : QString();
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
    int pathWidth = metrics.horizontalAdvance(m_tree->headerItem()->text(PathColumn));
    const qsizetype measured = std::min<qsizetype>(m_differences.size(), 2000);
    for (qsizetype i = 0; i < measured; ++i)
        pathWidth = std::max(pathWidth, metrics.horizontalAdvance(m_differences.at(i).path));
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
        applyColours();
}
