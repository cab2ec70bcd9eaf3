#pragma once

#include <QByteArray>
#include <QObject>

class QSplitter;

// The split between a list and its details pane. The list gets the room: extra window width goes to
// it, the pane keeps about a third (never less than it needs to show its buttons). A saved split wins,
// unless it was saved by an older layout that gave the pane most of the window.
class SplitterSizing final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SplitterSizing)

public:
    // listIndex: the splitter's widget that gets the room; the other one is the pane.
    SplitterSizing(QSplitter *splitter, int listIndex);

    // Applies a saved state, or the default split once the splitter has its real width.
    void restore(const QByteArray &saved);
    int defaultPaneWidth(int total) const;

    // The pane never gets more than this share of the splitter from a saved state.
    static constexpr double maximumPaneShare = 0.5;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void applyDefault();
    bool plausible() const;

    QSplitter *m_splitter;
    int m_listIndex;
    bool m_pending = false;
    bool m_useDefault = true;
};
