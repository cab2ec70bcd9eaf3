#pragma once

// A drag of local files onto a widget as a file manager sends it: enter, move, drop at one point. Shared by
// the GUI suites and bench_frame, which does not link Qt Test.
#include <QApplication>
#include <QDropEvent>
#include <QList>
#include <QMimeData>
#include <QPoint>
#include <QStringList>
#include <QUrl>
#include <QWidget>

namespace FileDrop {

inline void dropFiles(QWidget *target, const QStringList &paths, const QPoint &position)
{
    QMimeData mime;
    QList<QUrl> urls;
    for (const QString &path : paths)
        urls << QUrl::fromLocalFile(path);
    mime.setUrls(urls);
    QDragEnterEvent enter(position, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &enter);
    QDragMoveEvent move(position, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &move);
    QDropEvent drop(QPointF(position), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &drop);
}

} // namespace FileDrop
