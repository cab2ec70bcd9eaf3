#pragma once

#include <QObject>
#include <QPointer>
#include <QRect>
#include <QStringList>

#include <functional>

class QFrame;
class QMimeData;
class QWidget;

// Makes a widget take dropped files and folders for a local sandbox: the row under the cursor of the
// Local sandboxes tree, or the sandbox shown in the details pane. Highlights where the drop would go,
// and says in words why a drop cannot go somewhere.
class WorkspaceDropTarget final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WorkspaceDropTarget)

public:
    // Answers the local sandbox id at a position of `widget` (empty: nothing there takes a drop) and
    // the rectangle to highlight for it.
    using SandboxAt = std::function<QString(const QPoint &position, QRect *highlight)>;

    WorkspaceDropTarget(QWidget *widget, SandboxAt sandboxAt, QObject *parent = nullptr);

    // Local paths of a drag, or none when it carries anything that is not a local file.
    static QStringList localPaths(const QMimeData *mimeData);

signals:
    void dropped(const QString &localSandboxId, const QStringList &paths);
    void refused(const QString &reason);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // The sandbox a drag at `position` would go to, with the highlight moved there; empty when none.
    QString track(const QPoint &position);
    void refuse(const QString &reason);
    void clear();

    QPointer<QWidget> m_widget;
    SandboxAt m_sandboxAt;
    QFrame *m_highlight;
    QString m_lastRefusal;
};
