#pragma once

#include "runs/runplan.h"

#include <QWizardPage>

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSpinBox;
class QTableWidget;

// The New run wizard's second page: how many Klavis sandboxes of each server, and which local sandboxes
// (a set of servers each, with a count). Made for the keyboard: type in the filter, Enter jumps to the
// first matching server's count, type the number; Tab walks the counts of the servers shown.
class NewRunSandboxesPage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NewRunSandboxesPage)

public:
    explicit NewRunSandboxesPage(QWidget *parent = nullptr);

    // Writes the server counts and local sets into `plan`.
    void fill(RunPlan *plan) const;
    bool isComplete() const override;
    bool validatePage() override;
    // The requests per second the estimate assumes (the transport's limit); 0: no limit.
    void setRequestsPerSecond(double rate);

    QLineEdit *filterEdit() const { return m_filter; }
    // The count of `server`'s Klavis sandboxes; nullptr for a server the catalog does not list.
    QSpinBox *countSpin(const QString &server) const;
    QListWidget *localServerList() const { return m_localServers; }
    QSpinBox *localCountSpin() const { return m_localCount; }
    QPushButton *addLocalSetButton() const { return m_addLocal; }
    QTableWidget *localSetTable() const { return m_localSets; }
    QString totalText() const;
    QString problemText() const;

    // "17 sandboxes, about 9 s at 2 requests/s": the time the rate limit alone takes.
    static QString totalSentence(int sandboxes, double requestsPerSecond);

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void applyFilter(const QString &text);
    void focusFirstShown();
    void addLocalSet();
    void updateTotal();
    QList<RunServerCount> serverCounts() const;
    QList<RunLocalSet> localSets() const;

    QLineEdit *m_filter;
    QTableWidget *m_servers;
    QListWidget *m_localServers;
    QSpinBox *m_localCount;
    QPushButton *m_addLocal;
    QTableWidget *m_localSets;
    QLabel *m_total;
    QLabel *m_problem;
    double m_requestsPerSecond;
};
