#pragma once

#include <QWidget>

class QAction;
class QLabel;
class QTreeView;
class TransferModel;
class TransferQueue;

// The Transfers view: every upload and dump of the session with its progress, speed and time left;
// cancel, retry, open the containing folder, clear finished. A finished dump drags out as a file.
class TransfersPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TransfersPage)

public:
    TransfersPage(TransferQueue *queue, QWidget *parent = nullptr);

    QTreeView *view() const { return m_view; }
    TransferModel *model() const { return m_model; }
    // In the main window's toolbar while this page is in front, and in the rows' context menu.
    QList<QAction *> pageActions() const { return {m_cancel, m_retry, m_openFolder, m_clearFinished}; }
    QAction *cancelAction() const { return m_cancel; }
    QAction *retryAction() const { return m_retry; }
    QAction *openFolderAction() const { return m_openFolder; }
    QAction *clearFinishedAction() const { return m_clearFinished; }
    QLabel *detailLabel() const { return m_detail; }

    void cancelSelected();
    void retrySelected();
    void openContainingFolder();
    void saveState() const;
    void restoreState();

signals:
    void statusMessage(const QString &message);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // Sizes the columns to the view's width until the person resizes one: Progress, Speed and State stay
    // whole in a narrow window, the Name gets what a wide one has to spare.
    void fitColumns();
    QList<int> selectedRows() const;
    void updateActions();
    void updateDetail();

    TransferQueue *m_queue;
    TransferModel *m_model;
    QTreeView *m_view;
    QLabel *m_detail;
    QAction *m_cancel;
    QAction *m_retry;
    QAction *m_openFolder;
    QAction *m_clearFinished;
    bool m_fitting = false;
    bool m_userSizedColumns = false;
};
