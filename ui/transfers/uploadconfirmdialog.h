#pragma once

#include <QDialog>
#include <QFutureWatcher>
#include <QStringList>

#include "api/workspacelimits.h"
#include "workspace/archivescan.h"

class QLabel;
class QProgressBar;
class QPushButton;

// "Upload 312 files (48.2 MB) to local sandbox 20a9…?" (or to a Blaxel sandbox: the words are the caller's).
// The counting walks the disk, so it runs on a worker thread while the dialog is already on screen; Upload is
// enabled once the counts are known.
class UploadConfirmDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UploadConfirmDialog)

public:
    struct Words
    {
        QString question; // rich text: "Upload into the workspace of local sandbox <b>…</b>?"
        QString effect;   // what happens to the files already there
        QString warning;  // plain text, shown in the error colour; "" for none
    };
    // `limits`: what the provider says one upload may hold; counts past them keep Upload disabled and say
    // why, before anything is packed or sent.
    UploadConfirmDialog(const QString &sandbox, const QStringList &sources, const Words &words,
                        const WorkspaceLimits &limits = {}, QWidget *parent = nullptr);
    ~UploadConfirmDialog() override;

    QStringList sources() const { return m_sources; }
    QString sandbox() const { return m_sandbox; }
    bool isCounted() const { return m_counted; }
    QString summaryText() const;
    QPushButton *uploadButton() const { return m_upload; }
    // What happens to the files already there, and the idle warning when there is one.
    QString effectText() const;
    QString warningText() const;
    // Why the server would refuse this upload (past a limit it states), or "": Upload stays disabled then.
    QString limitText() const;

    // A single dropped .tar.gz goes up as it is; anything else is packed.
    static bool isSingleArchive(const QStringList &sources);

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Counted
    {
        ArchiveScan scan;
        bool archive = false;
        qint64 archiveBytes = 0;
        QString archiveProblem;
    };
    static Counted count(const QStringList &sources);
    void showCounts(const Counted &counted);

    QString m_sandbox;
    QStringList m_sources;
    WorkspaceLimits m_limits;
    QLabel *m_summary;
    QLabel *m_skipped;
    QLabel *m_effect;
    QLabel *m_warning;
    QLabel *m_limit;
    QProgressBar *m_busy;
    QPushButton *m_upload;
    QFutureWatcher<Counted> m_watcher;
    bool m_counted = false;
};
