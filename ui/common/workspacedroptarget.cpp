#include "common/workspacedroptarget.h"

#include <QAbstractItemView>
#include <QDragMoveEvent>
#include <QDropEvent>
#include <QFrame>
#include <QMimeData>
#include <QUrl>
#include <QWidget>

using namespace Qt::StringLiterals;

WorkspaceDropTarget::WorkspaceDropTarget(QWidget *widget, SandboxAt sandboxAt, QObject *parent)
    : QObject(parent), m_widget(widget), m_sandboxAt(std::move(sandboxAt)), m_highlight(new QFrame(widget)),
      m_notLocalFiles(tr("Only files and folders from this computer can be uploaded into a local sandbox.")),
      m_noSandboxThere(tr("Drop on a local sandbox to upload a workspace into it."))
{
    widget->setAcceptDrops(true);
    widget->installEventFilter(this);
    m_highlight->setObjectName(u"dropHighlight"_s);
    m_highlight->setAttribute(Qt::WA_TransparentForMouseEvents);
    m_highlight->setFrameShape(QFrame::NoFrame);
    m_highlight->hide();
}

WorkspaceDropTarget::SandboxAt
WorkspaceDropTarget::rowOf(QAbstractItemView *view, std::function<QString(const QModelIndex &row)> sandboxOf)
{
    return [view, sandboxOf = std::move(sandboxOf)](const QPoint &position, QRect *highlight) -> QString {
        const QModelIndex index = view->indexAt(position);
        QString sandbox = index.isValid() ? sandboxOf(index) : QString();
        if (!sandbox.isEmpty()) {
            const QRect row = view->visualRect(index);
            *highlight = QRect(0, row.top(), view->viewport()->width(), row.height());
        }
        return sandbox;
    };
}

void WorkspaceDropTarget::setRefusals(const QString &notLocalFiles, const QString &noSandboxThere)
{
    m_notLocalFiles = notLocalFiles;
    m_noSandboxThere = noSandboxThere;
}

QStringList WorkspaceDropTarget::localPaths(const QMimeData *mimeData)
{
    if (!mimeData || !mimeData->hasUrls())
        return {};
    QStringList paths;
    for (const QUrl &url : mimeData->urls()) {
        if (!url.isLocalFile())
            return {};
        QString path = url.toLocalFile();
        // File managers send folders with a trailing slash; the archive root is named after the folder.
        while (path.size() > 1 && path.endsWith(u'/'))
            path.chop(1);
        paths << path;
    }
    return paths;
}

QString WorkspaceDropTarget::track(const QPoint &position)
{
    QRect area;
    QString id = m_sandboxAt(position, &area);
    if (id.isEmpty()) {
        m_highlight->hide();
        return {};
    }
    // Drawn by hand rather than with a style sheet so that it follows the palette (light or dark).
    const QColor colour = m_widget->palette().color(QPalette::Highlight);
    m_highlight->setStyleSheet(
        u"#dropHighlight { border: 2px solid %1; border-radius: 4px; background: %2; }"_s.arg(
            colour.name(), QColor(colour.red(), colour.green(), colour.blue(), 40).name(QColor::HexArgb)));
    m_highlight->setGeometry(area.isValid() ? area : m_widget->rect());
    m_highlight->raise();
    m_highlight->show();
    return id;
}

void WorkspaceDropTarget::refuse(const QString &reason)
{
    // A drag moves many times a second: say it once per reason, not once per move.
    if (reason == m_lastRefusal)
        return;
    m_lastRefusal = reason;
    emit refused(reason);
}

void WorkspaceDropTarget::clear()
{
    m_highlight->hide();
    m_lastRefusal.clear();
}

bool WorkspaceDropTarget::eventFilter(QObject *watched, QEvent *event)
{
    if (watched != m_widget)
        return false;
    switch (event->type()) {
    case QEvent::DragEnter:
    case QEvent::DragMove: {
        auto *drag = static_cast<QDragMoveEvent *>(event);
        if (localPaths(drag->mimeData()).isEmpty()) {
            refuse(m_notLocalFiles);
            drag->ignore();
            return true;
        }
        // Accepted on enter whatever the position, or no move events follow to track the rows.
        const QString id = track(drag->position().toPoint());
        if (id.isEmpty() && event->type() == QEvent::DragMove)
            refuse(m_noSandboxThere);
        else if (!id.isEmpty())
            m_lastRefusal.clear();
        drag->setDropAction(Qt::CopyAction);
        drag->accept();
        return true;
    }
    case QEvent::DragLeave:
        clear();
        return true;
    case QEvent::Drop: {
        auto *drop = static_cast<QDropEvent *>(event);
        const QStringList paths = localPaths(drop->mimeData());
        const QString id = paths.isEmpty() ? QString() : track(drop->position().toPoint());
        clear();
        if (paths.isEmpty()) {
            refuse(m_notLocalFiles);
            drop->ignore();
        } else if (id.isEmpty()) {
            refuse(m_noSandboxThere);
            drop->ignore();
        } else {
            drop->setDropAction(Qt::CopyAction);
            drop->accept();
            emit dropped(id, paths);
        }
        m_lastRefusal.clear();
        return true;
    }
    default:
        return false;
    }
}
