#include "blaxel/blaxelenvironmenteditor.h"

#include "common/maskedtextdelegate.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace {

// The value cell asks its row's Secret check whether to mask itself.
constexpr int secretRole = Qt::UserRole + 1;

} // namespace

BlaxelEnvironmentEditor::BlaxelEnvironmentEditor(QWidget *parent)
    : QWidget(parent), m_table(new QTableWidget(0, 3, this)), m_add(new QToolButton(this)),
      m_remove(new QToolButton(this))
{
    m_table->setObjectName(QStringLiteral("environmentTable"));
    m_table->setHorizontalHeaderLabels({tr("Name"), tr("Value"), tr("Secret")});
    m_table->horizontalHeader()->setSectionResizeMode(NameColumn, QHeaderView::Interactive);
    m_table->horizontalHeader()->setSectionResizeMode(ValueColumn, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(SecretColumn, QHeaderView::ResizeToContents);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setTabKeyNavigation(false); // Tab leaves the table for the next field, as everywhere
    m_table->setItemDelegateForColumn(ValueColumn, new MaskedTextDelegate(secretRole, m_table));
    m_table->setMinimumHeight(m_table->horizontalHeader()->sizeHint().height() +
                              3 * m_table->verticalHeader()->defaultSectionSize() +
                              2 * m_table->frameWidth());
    m_table->setToolTip(tr("Variables of the sandbox's environment. A secret is sent as one and shown as "
                           "bullets; its value is never written anywhere by this app."));

    m_add->setText(tr("&Add variable"));
    m_add->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_remove->setText(tr("Remove"));
    m_remove->setToolButtonStyle(Qt::ToolButtonTextOnly);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    buttons->addStretch();
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table);
    layout->addLayout(buttons);

    setFocusProxy(m_table); // the form's "&Environment:" leads into the table
    connect(m_add, &QToolButton::clicked, this, [this] { addVariable(); });
    connect(m_remove, &QToolButton::clicked, this, &BlaxelEnvironmentEditor::removeSelected);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &BlaxelEnvironmentEditor::updateButtons);
    connect(m_table, &QTableWidget::itemChanged, this, [this](QTableWidgetItem *item) {
        if (item->column() == SecretColumn) {
            if (QTableWidgetItem *value = m_table->item(item->row(), ValueColumn))
                value->setData(secretRole, item->checkState() == Qt::Checked);
        }
        emit edited();
    });
    updateButtons();
}

void BlaxelEnvironmentEditor::addVariable(const QString &name, const QString &value, bool secret)
{
    const int row = m_table->rowCount();
    // Filled whole before anyone hears of it: a half-made row has no items to read.
    QSignalBlocker quiet(m_table);
    m_table->insertRow(row);
    m_table->setItem(row, NameColumn, new QTableWidgetItem(name));
    auto *valueItem = new QTableWidgetItem(value);
    valueItem->setData(secretRole, secret);
    m_table->setItem(row, ValueColumn, valueItem);
    auto *secretItem = new QTableWidgetItem;
    secretItem->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
    secretItem->setCheckState(secret ? Qt::Checked : Qt::Unchecked);
    secretItem->setToolTip(tr("Sent as a secret: Blaxel keeps its value out of what it shows."));
    m_table->setItem(row, SecretColumn, secretItem);
    quiet.unblock();
    m_table->setCurrentCell(row, NameColumn);
    if (name.isEmpty())
        m_table->editItem(m_table->item(row, NameColumn));
    updateButtons();
    emit edited();
}

QList<BlaxelSandbox::Env> BlaxelEnvironmentEditor::variables() const
{
    QList<BlaxelSandbox::Env> envs;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        const QString name = m_table->item(row, NameColumn)->text().trimmed();
        const QString value = m_table->item(row, ValueColumn)->text();
        if (name.isEmpty() && value.isEmpty())
            continue;
        envs << BlaxelSandbox::Env{name, value,
                                   m_table->item(row, SecretColumn)->checkState() == Qt::Checked};
    }
    return envs;
}

void BlaxelEnvironmentEditor::removeSelected()
{
    QList<int> rows;
    for (const QModelIndex &index : m_table->selectionModel()->selectedRows())
        rows << index.row();
    if (rows.isEmpty() && m_table->currentRow() >= 0)
        rows << m_table->currentRow();
    std::sort(rows.begin(), rows.end(), std::greater<>());
    for (const int row : rows)
        m_table->removeRow(row);
    updateButtons();
    emit edited();
}

void BlaxelEnvironmentEditor::updateButtons()
{
    m_remove->setEnabled(m_table->rowCount() > 0);
}
