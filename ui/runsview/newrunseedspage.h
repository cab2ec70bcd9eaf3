#pragma once

#include "runs/runplan.h"

#include <QWizardPage>

class QLabel;
class QLineEdit;
class QPushButton;

// The New run wizard's third page, optional: a JSON file of per-server data each Klavis sandbox is
// initialized with, and a folder or .tar.gz uploaded to each local sandbox. Both are checked as soon as
// they are chosen, off the GUI thread (RunSeeder::readSeeds reads up to a dump's size): the page is
// complete once the checks answered and found nothing wrong.
class NewRunSeedsPage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NewRunSeedsPage)

public:
    explicit NewRunSeedsPage(QWidget *parent = nullptr);

    void fill(RunPlan *plan) const;
    // Without local sandboxes in the plan the workspace is out of reach (it would promise what never
    // happens).
    void setLocalSandboxesPlanned(bool planned);
    bool isComplete() const override;

    QLineEdit *seedEdit() const { return m_seedFile; }
    QLineEdit *workspaceEdit() const { return m_workspace; }
    bool isChecking() const { return m_checking > 0; }
    QString seedError() const { return m_seedProblem; }
    QString workspaceError() const { return m_workspaceProblem; }

signals:
    // Both paths as they are now were checked; the problems are in seedError() and workspaceError().
    void checked();

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Checked
    {
        QString seed;
        QString workspace;
        QString seedProblem;
        QString workspaceProblem;
    };
    static Checked check(const QString &seed, const QString &workspace);
    void startCheck();
    void showProblems();

    QLineEdit *m_seedFile;
    QPushButton *m_seedBrowse;
    QLabel *m_seedStatus;
    QLineEdit *m_workspace;
    QPushButton *m_folderBrowse;
    QPushButton *m_archiveBrowse;
    QLabel *m_workspaceStatus;
    QLabel *m_workspaceHint;
    QString m_seedProblem;
    QString m_workspaceProblem;
    int m_checking = 0;
    quint64 m_generation = 0;
};
