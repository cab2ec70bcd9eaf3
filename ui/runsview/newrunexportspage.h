#pragma once

#include "runs/runsandbox.h"

#include <QList>
#include <QWizardPage>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;

// The New run wizard's last page: what an agent harness reads to find the run's sandboxes (RunExporter: the
// JSON URL map, the .env, one mcpServers config per sandbox), each ticked or not, written where the user
// says, off the GUI thread and atomically. The page says where each went, or why it did not.
class NewRunExportsPage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NewRunExportsPage)

public:
    explicit NewRunExportsPage(QWidget *parent = nullptr);

    // The run to export: its name and its sandboxes as the provisioner left them (held ones are written).
    void setRun(const QString &runName, const QList<RunSandbox> &sandboxes);
    // Writes what is ticked; exportsWritten() follows.
    void writeExports();

    QCheckBox *urlMapCheck() const { return m_urlMapCheck; }
    QLineEdit *urlMapEdit() const { return m_urlMapPath; }
    QCheckBox *envCheck() const { return m_envCheck; }
    QLineEdit *envEdit() const { return m_envPath; }
    QCheckBox *mcpCheck() const { return m_mcpCheck; }
    QLineEdit *mcpEdit() const { return m_mcpFolder; }
    QPushButton *writeButton() const { return m_write; }
    QString resultText() const;

    struct Result
    {
        QStringList written; // the paths written
        QStringList problems;
    };

signals:
    void exportsWritten(const NewRunExportsPage::Result &result);

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Request
    {
        QString runName;
        QList<RunSandbox> sandboxes;
        QString urlMap; // empty: not wanted
        QString env;
        QString mcpFolder;
    };
    static Result write(const Request &request);
    void showResult(const Result &result);
    QLayout *pathRow(QLineEdit *edit, bool folder);

    QString m_runName;
    QList<RunSandbox> m_sandboxes;
    QCheckBox *m_urlMapCheck;
    QLineEdit *m_urlMapPath;
    QCheckBox *m_envCheck;
    QLineEdit *m_envPath;
    QCheckBox *m_mcpCheck;
    QLineEdit *m_mcpFolder;
    QPushButton *m_write;
    QLabel *m_result;
    bool m_resultIsError = false;
};
