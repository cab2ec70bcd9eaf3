#pragma once

#include <QObject>

class QToolBar;
class QToolButton;

// The toolbar's overflow button (Qt's "qt_toolbar_ext_button") drawn in the palette's button text colour.
// Fusion's own chevron is a fixed dark grey picture, nearly invisible on a dark toolbar, and at 800 pixels
// it is the way to the buttons that did not fit. Redrawn whenever the palette or the style changes.
class ToolBarChevron final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ToolBarChevron)

public:
    // Does nothing for a toolbar without the button (a Qt that names it otherwise).
    explicit ToolBarChevron(QToolBar *bar);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void update();

    QToolBar *m_bar;
    QToolButton *m_button = nullptr;
    bool m_pending = false;
};
