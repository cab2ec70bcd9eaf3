#include "universes/universespage.h"

#include "api/klavisuniverseservice.h"
#include "common/errorbanner.h"
#include "common/jsontreeview.h"
#include "common/viewstatesettings.h"
#include "models/displaytext.h"
#include "models/universelistmodel.h"
#include "session/universescontroller.h"
#include "universes/universeinstancetab.h"
#include "universes/universetaskstab.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSet>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTableWidget>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

UniversesPage::UniversesPage(UniversesController *controller, QWidget *parent)
    : QWidget(parent), m_controller(controller), m_proxy(new QSortFilterProxyModel(this)),
      m_banner(new ErrorBanner(this)), m_search(new QLineEdit(this)), m_view(new QTableView(this)),
      m_splitter(new QSplitter(Qt::Horizontal, this)), m_title(new QLabel(this)),
      m_description(new QLabel(this)), m_personas(new QTableWidget(this)), m_tabs(new QTabWidget(this)),
      m_data(new JsonTreeView(this)), m_tasks(new UniverseTasksTab(controller, this)),
      m_instance(new UniverseInstanceTab(controller, this))
{
    setObjectName(u"universesPage"_s);
    m_proxy->setSourceModel(controller->model());
    m_proxy->setFilterRole(UniverseListModel::SearchTextRole);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setSortCaseSensitivity(Qt::CaseInsensitive);
    m_search->setPlaceholderText(tr("Search universes"));
    m_search->setClearButtonEnabled(true);
    m_search->addAction(QIcon(u":/icons/search.svg"_s), QLineEdit::LeadingPosition);
    auto *refresh = new QToolButton(this);
    refresh->setIcon(QIcon(u":/icons/refresh.svg"_s));
    refresh->setToolTip(tr("Read the catalogue again"));
    refresh->setAutoRaise(true);
    m_view->setTabKeyNavigation(false); // Tab goes on to the next part, as in a file manager
    m_view->setObjectName(u"universeList"_s);
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(UniverseListModel::NameColumn, Qt::AscendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->verticalHeader()->hide();
    // The name takes what is left; a long domain is elided (the row's tooltip has the description).
    m_view->setWordWrap(false);
    QHeaderView *header = m_view->horizontalHeader();
    header->setSectionResizeMode(UniverseListModel::NameColumn, QHeaderView::Stretch);
    header->setSectionResizeMode(UniverseListModel::DomainColumn, QHeaderView::Interactive);
    header->resizeSection(UniverseListModel::DomainColumn,
                          header->fontMetrics().horizontalAdvance(u"Software Dev"_s));
    header->setSectionResizeMode(UniverseListModel::TasksColumn, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(UniverseListModel::PersonasColumn, QHeaderView::ResizeToContents);
    m_view->setAlternatingRowColors(true);

    auto *left = new QWidget(m_splitter);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    auto *searchRow = new QHBoxLayout;
    searchRow->addWidget(m_search, 1);
    searchRow->addWidget(refresh);
    leftLayout->addLayout(searchRow);
    leftLayout->addWidget(m_view, 1);

    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    m_title->setFont(titleFont);
    m_title->setTextFormat(Qt::PlainText);
    m_description->setWordWrap(true);
    m_description->setTextFormat(Qt::PlainText);
    m_description->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_personas->setTabKeyNavigation(false); // Tab goes on to the next part, as in a file manager
    m_personas->setObjectName(u"universePersonas"_s);
    m_personas->verticalHeader()->hide();
    m_personas->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_personas->horizontalHeader()->setStretchLastSection(true);
    m_personas->setMaximumHeight(m_personas->fontMetrics().height() * 7);
    m_personas->setMinimumHeight(m_personas->fontMetrics().height() * 3);
    m_data->setObjectName(u"universeInitialData"_s);
    m_tabs->addTab(m_data, tr("Initial Data"));
    m_tabs->addTab(m_tasks, tr("Tasks"));
    m_tabs->addTab(m_instance, tr("Instance"));

    auto *right = new QWidget(m_splitter);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(6, 0, 0, 0);
    rightLayout->addWidget(m_title);
    rightLayout->addWidget(m_description);
    rightLayout->addWidget(m_personas);
    rightLayout->addWidget(m_tabs, 1);
    m_splitter->addWidget(left);
    m_splitter->addWidget(right);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 5);
    // A share, not pixels: the catalogue gets two fifths of whatever the window has at first.
    m_splitter->setSizes({400, 600});
    m_splitter->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_banner);
    layout->addWidget(m_splitter, 1);
    m_banner->hide();

    connect(m_search, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);
    connect(refresh, &QToolButton::clicked, this, &UniversesPage::refresh);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &UniversesPage::showUniverse);
    connect(m_tabs, &QTabWidget::currentChanged, this, &UniversesPage::loadTabContent);
    connect(controller, &UniversesController::refreshed, this, [this] {
        m_banner->hide();
        if (!m_view->selectionModel()->hasSelection() && m_proxy->rowCount() > 0)
            m_view->selectRow(0);
        showUniverse();
    });
    connect(controller, &UniversesController::refreshFailed, this,
            [this](const ApiError &error) { m_banner->showError(tr("Cannot list the universes"), error); });
    const auto showFailure = [this](const QString &context, const ApiError &error) {
        // A 503 is a full pool: the tab's sentence says all there is, the server's words go to the details.
        if (error.httpStatus() == 503)
            m_banner->showMessage(ErrorBanner::Level::Error, context, error.detailText());
        else
            m_banner->showError(context, error);
    };
    connect(m_tasks, &UniverseTasksTab::taskFailed, this, showFailure);
    connect(m_instance, &UniverseInstanceTab::failed, this, showFailure);
    connect(m_tasks, &UniverseTasksTab::statusMessage, this, &UniversesPage::statusMessage);
    connect(m_instance, &UniverseInstanceTab::statusMessage, this, &UniversesPage::statusMessage);
    connect(m_tasks, &UniverseTasksTab::currentTaskChanged, m_instance, &UniverseInstanceTab::setTask);
    connect(m_data, &JsonTreeView::copied, this, &UniversesPage::statusMessage);
    showUniverse();
}

void UniversesPage::refresh()
{
    m_controller->refresh();
}

QString UniversesPage::currentUniverseId() const
{
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    return rows.isEmpty() ? QString() : rows.first().data(UniverseListModel::IdRole).toString();
}

void UniversesPage::selectUniverse(const QString &universeId)
{
    const int row = m_controller->model()->rowOf(universeId);
    if (row >= 0)
        m_view->selectRow(m_proxy->mapFromSource(m_controller->model()->index(row, 0)).row());
}

void UniversesPage::focusSearch()
{
    m_search->setFocus(Qt::ShortcutFocusReason);
    m_search->selectAll();
}

void UniversesPage::showUniverse()
{
    const QString id = currentUniverseId();
    const int row = m_controller->model()->rowOf(id);
    const Universe *universe = m_controller->model()->universeAt(row);
    m_tabs->setEnabled(universe);
    m_personas->setVisible(universe && !universe->personas.isEmpty());
    if (!universe) {
        m_title->setText(m_controller->model()->rowCount() == 0 ? tr("No universes listed yet.")
                                                                : tr("Choose a universe."));
        m_description->clear();
        return;
    }
    m_title->setText(DisplayText::visible(universe->name.isEmpty() ? universe->id : universe->name));
    m_description->setText(
        DisplayText::visibleLines(universe->description) + u"\n\n"_s +
        tr("Domain: %1 · %n task(s) · id %2", nullptr, int(universe->taskNumbers.size()))
            .arg(DisplayText::visible(universe->domain), DisplayText::visible(universe->id)));
    // The personas' fields as columns, in the order they first appear.
    QStringList fields;
    for (const auto &persona : universe->personas)
        for (auto it = persona.cbegin(); it != persona.cend(); ++it)
            if (!fields.contains(it.key()))
                fields << it.key();
    m_personas->clear();
    m_personas->setColumnCount(int(fields.size()));
    m_personas->setRowCount(int(universe->personas.size()));
    QStringList headers;
    for (const QString &field : std::as_const(fields))
        headers << DisplayText::visible(field);
    m_personas->setHorizontalHeaderLabels(headers);
    for (int personaRow = 0; personaRow < universe->personas.size(); ++personaRow)
        for (int column = 0; column < fields.size(); ++column)
            m_personas->setItem(personaRow, column,
                                new QTableWidgetItem(DisplayText::visible(
                                    universe->personas[personaRow].value(fields[column]))));
    m_personas->resizeColumnsToContents();
    if (id != m_shownUniverse) {
        m_shownUniverse = id;
        m_tasks->setUniverse(id, universe->taskNumbers);
        m_instance->setUniverse(id);
        m_instance->setTask(m_tasks->currentTaskNumber());
    }
    loadTabContent();
}

void UniversesPage::loadTabContent()
{
    if (m_shownUniverse.isEmpty())
        return;
    // Loaded on demand: a universe's data can be megabytes, its tasks one request each.
    if (m_tabs->currentIndex() == InitialDataTab)
        loadInitialData();
    else if (m_tabs->currentIndex() == TasksTab)
        m_tasks->loadPending();
}

void UniversesPage::loadInitialData()
{
    if (m_dataUniverse == m_shownUniverse)
        return;
    m_dataUniverse = m_shownUniverse;
    // Empty while the next document comes: no row at all (a null would be a "$" row of its own).
    m_data->setJson(QJsonValue(QJsonValue::Undefined));
    m_controller->service()->initialData(
        m_shownUniverse, this, [this, universe = m_shownUniverse](const ApiResult<QJsonValue> &result) {
            if (universe != m_dataUniverse)
                return;
            if (!result) {
                m_dataUniverse.clear(); // asked again when shown again
                if (result.error().kind() != ApiError::Kind::Cancelled)
                    m_banner->showError(
                        tr("Cannot load the initial data of %1").arg(DisplayText::visible(universe)),
                        result.error());
                return;
            }
            m_data->setJson(result.value());
            emit initialDataShown();
        });
}

void UniversesPage::saveState() const
{
    ViewStateSettings::save(u"universes"_s, m_view->horizontalHeader());
}

void UniversesPage::restoreState()
{
    ViewStateSettings::restore(u"universes"_s, m_view->horizontalHeader());
}
