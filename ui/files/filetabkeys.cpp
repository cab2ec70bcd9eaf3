#include "files/filetabkeys.h"

#include <QKeyEvent>
#include <QWidget>

FileTabKeys::FileTabKeys(QWidget *tab, QWidget *tree) : QObject(tab), m_tab(tab), m_tree(tree)
{
    tab->installEventFilter(this);
    tree->installEventFilter(this);
}

void (FileTabKeys::*FileTabKeys::signalFor(const QObject *watched, const QKeyEvent *key) const)()
{
    const bool plain = key->modifiers() == Qt::NoModifier;
    if (watched == m_tree) {
        if (key->key() == Qt::Key_F2 && plain)
            return &FileTabKeys::renameRequested;
        if (key->matches(QKeySequence::Delete))
            return &FileTabKeys::deleteRequested;
    } else if (watched == m_tab) {
        // A key the focused child did not take comes up to the tab, the override first, then the press.
        if (key->key() == Qt::Key_F5 && plain)
            return &FileTabKeys::refreshRequested;
        if (key->matches(QKeySequence::Find))
            return &FileTabKeys::findRequested;
    }
    return nullptr;
}

bool FileTabKeys::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::ShortcutOverride && event->type() != QEvent::KeyPress)
        return QObject::eventFilter(watched, event);
    const auto signal = signalFor(watched, static_cast<QKeyEvent *>(event));
    if (!signal)
        return QObject::eventFilter(watched, event);
    event->accept();
    if (event->type() == QEvent::KeyPress)
        Q_EMIT(this->*signal)();
    return true;
}
