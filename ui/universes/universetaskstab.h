#pragma once

#include "api/apierror.h"
#include "api/universetask.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableWidget;
class UniversesController;

// The Tasks tab of the Universes view: the universe's task numbers with title and difficulty, fetched one
// GET at a time (the transport paces them within the rate limit; the controller keeps what came), and the
// chosen task's description, its prompt ready to copy and how it is verified.
class UniverseTasksTab final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UniverseTasksTab)

public:
    explicit UniverseTasksTab(UniversesController *controller, QWidget *parent = nullptr);

    // Lists the tasks; their details are fetched once the tab is shown (loadPending) and kept per universe.
    void setUniverse(const QString &universeId, const QStringList &taskNumbers);
    void loadPending();
    QString currentTaskNumber() const;
    void selectTask(const QString &taskNumber);
    void copyPrompt();

    QTableWidget *taskList() const { return m_list; }
    QPlainTextEdit *promptEdit() const { return m_prompt; }
    QLabel *descriptionLabel() const { return m_description; }
    int loadedCount() const { return m_loaded; }

signals:
    void currentTaskChanged(const QString &taskNumber);
    void statusMessage(const QString &message);
    // A task could not be fetched: the page shows it in its banner.
    void taskFailed(const QString &context, const ApiError &error);

private:
    void fetchNext();
    void showTask(int row, const UniverseTask &task);
    void showCurrent();

    UniversesController *m_controller;
    QString m_universeId;
    QStringList m_taskNumbers;
    int m_next = 0;   // the next task to fetch
    int m_loaded = 0; // rows with their details
    bool m_fetching = false;
    QTableWidget *m_list;
    QLabel *m_title;
    QLabel *m_description;
    QPlainTextEdit *m_prompt;
    QPushButton *m_copyPrompt;
    QLabel *m_rationale;
};
