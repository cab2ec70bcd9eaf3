#pragma once

#include <QObject>
#include <QPointer>
#include <QRect>
#include <QStringList>

#include <functional>

class QAbstractItemView;
class QFrame;
class QModelIndex;
class QMimeData;
class QWidget;

// Makes a widget take dropped files and folders for a sandbox: the row under the cursor of a sandboxes list,
// or the sandbox shown in a details pane. Highlights where the drop would go,
// and says in words why a drop cannot go somewhere.
class WorkspaceDropTarget final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WorkspaceDropTarget)

public:
    // Answers the sandbox (id or name) at a position of `widget` (empty: nothing there takes a drop) and
    // the rectangle to highlight for it.
    using SandboxAt = std::function<QString(const QPoint &position, QRect *highlight)>;

    WorkspaceDropTarget(QWidget *widget, SandboxAt sandboxAt, QObject *parent = nullptr);

    // For a flat list: the row under the cursor, highlighted across the viewport; `sandboxOf` names its
    // sandbox (empty: that row takes no drop).
    static SandboxAt rowOf(QAbstractItemView *view, std::function<QString(const QModelIndex &row)> sandboxOf);

    // What a refused drag says: it carries something other than local files; it is over no sandbox.
    void setRefusals(const QString &notLocalFiles, const QString &noSandboxThere);

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
    QString m_notLocalFiles;
    QString m_noSandboxThere;
};
