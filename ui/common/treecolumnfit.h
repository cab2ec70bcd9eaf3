#pragma once

#include <QObject>

class QTimer;
class QTreeView;

// Keeps a tree's first column (keys, names) as wide as the rows in view need, with their indentation,
// between a floor and half the tree, until the user sets the width by hand. Expanding, collapsing, a new
// document or a resize fit it exactly; scrolling only widens it: a column that jumps under the reader is
// worse than some room to spare. Only the rows in view are measured, never a 100 000-row array.
class TreeColumnFit final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TreeColumnFit)

public:
    TreeColumnFit(QTreeView *tree, int column, int floor);

    // After the tree's rows changed (a new document): fits once the view has laid them out.
    void scheduleFit(bool mayShrink = true);
    bool setByUser() const { return m_setByUser; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void fit();

    QTreeView *m_tree;
    int m_column;
    int m_floor;
    QTimer *m_timer;
    bool m_mayShrink = true;
    bool m_fitting = false;
    bool m_setByUser = false;
};
