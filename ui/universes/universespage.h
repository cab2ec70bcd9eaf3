#pragma once

#include <QWidget>

class ErrorBanner;
class JsonTreeView;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QSplitter;
class QTabWidget;
class QTableView;
class QTableWidget;
class UniverseInstanceTab;
class UniversesController;
class UniverseTasksTab;

// The Universes view: the catalogue on the left (search, refresh); for the chosen universe its
// description, domain and personas, and tabs with its initial data as a tree, its tasks with their prompts,
// and an instance to acquire, verify tasks against and release. Errors go to the page's banner.
class UniversesPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UniversesPage)

public:
    enum Tab
    {
        InitialDataTab,
        TasksTab,
        InstanceTab
    };

    explicit UniversesPage(UniversesController *controller, QWidget *parent = nullptr);

    void refresh();
    void selectUniverse(const QString &universeId);
    QString currentUniverseId() const;
    void focusSearch();

    QTableView *view() const { return m_view; }
    QLineEdit *searchField() const { return m_search; }
    QTabWidget *tabs() const { return m_tabs; }
    JsonTreeView *initialDataView() const { return m_data; }
    UniverseTasksTab *tasksTab() const { return m_tasks; }
    UniverseInstanceTab *instanceTab() const { return m_instance; }
    QTableWidget *personaTable() const { return m_personas; }
    ErrorBanner *errorBanner() const { return m_banner; }

    void saveState() const;
    void restoreState();

signals:
    void statusMessage(const QString &message);
    void initialDataShown();

private:
    void showUniverse();
    void loadTabContent();
    void loadInitialData();

    UniversesController *m_controller;
    QSortFilterProxyModel *m_proxy;
    ErrorBanner *m_banner;
    QLineEdit *m_search;
    QTableView *m_view;
    QSplitter *m_splitter;
    QLabel *m_title;
    QLabel *m_description;
    QTableWidget *m_personas;
    QTabWidget *m_tabs;
    JsonTreeView *m_data;
    UniverseTasksTab *m_tasks;
    UniverseInstanceTab *m_instance;
    QString m_shownUniverse;
    QString m_dataUniverse; // whose initial data the tree holds or is loading
};
