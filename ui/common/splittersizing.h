#pragma once

#include <QByteArray>
#include <QObject>

class QSplitter;

// The split between a list (the splitter's first widget) and its details pane (the second), the one
// home of that policy. The list gets the room: extra window width goes to it, the pane keeps about a
// third (never less than it needs to show its buttons). A saved split wins, unless it was saved by an
// older layout that gave the pane most of the window.
class SplitterSizing final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SplitterSizing)

public:
    // Made with the page, once the list and the pane are in `splitter`: until restore() is called, the
    // default split applies as soon as the splitter has its real width.
    explicit SplitterSizing(QSplitter *splitter);

    // Applies a saved state, or the default split once the splitter has its real width.
    void restore(const QByteArray &saved);

    // The pane never gets more than this share of the splitter from a saved state.
    static constexpr double maximumPaneShare = 0.5;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    int defaultPaneWidth(int total) const;
    void applyDefault();
    bool plausible() const;

    QSplitter *m_splitter;
    bool m_pending = true;
    bool m_useDefault = true;
};
