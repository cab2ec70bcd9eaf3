#pragma once

#include "runs/runprovisioner.h"

#include <QElapsedTimer>
#include <QPointer>
#include <QWizardPage>

class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;
class QTimer;
class QWidget;
class RunProgressModel;

// The New run wizard's fifth page: one row per sandbox as the provisioner asks for it, "12 of 30", the
// 429s waited out, the time so far, and Cancel. A run that ends cancelled while it holds sandboxes offers
// to release them (releaseRequested: whoever owns the releaser does it) or to keep them.
class NewRunProgressPage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NewRunProgressPage)

public:
    NewRunProgressPage(RunProvisioner *provisioner, QWidget *parent = nullptr);

    // The provisioner has just started: its rows are shown and followed until finished().
    void follow();
    bool isComplete() const override;
    bool isRunning() const { return m_running; }
    // Stops the run before its next acquire (RunProvisioner::cancel()).
    void cancelRun();

    RunProgressModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QProgressBar *progressBar() const { return m_progress; }
    QPushButton *cancelButton() const { return m_cancel; }
    QWidget *releaseOffer() const { return m_offer; }
    QPushButton *releaseButton() const { return m_release; }
    QPushButton *keepButton() const { return m_keep; }
    QString statusText() const;
    QString rateLimitedText() const;

signals:
    void releaseRequested(const QString &run);
    void runFinished(RunProvisioner::Outcome outcome);

protected:
    void changeEvent(QEvent *event) override;

private:
    void showCounts();
    void showElapsed();
    void finished(RunProvisioner::Outcome outcome);

    QPointer<RunProvisioner> m_provisioner;
    RunProgressModel *m_model;
    QTableView *m_view;
    QProgressBar *m_progress;
    QLabel *m_rateLimited;
    QLabel *m_elapsed;
    QLabel *m_status;
    QPushButton *m_cancel;
    QWidget *m_offer;
    QLabel *m_offerText;
    QPushButton *m_release;
    QPushButton *m_keep;
    QTimer *m_clock;
    QElapsedTimer m_started;
    bool m_running = false;
    bool m_failedStatus = false;
};
