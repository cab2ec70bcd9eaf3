#pragma once

#include <QWidget>

class QPushButton;

// What the Blaxel sandboxes view shows without a connected Blaxel profile: where to add one, and a button
// that opens Settings.
class BlaxelConnectHint final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelConnectHint)

public:
    explicit BlaxelConnectHint(QWidget *parent = nullptr);

    QPushButton *settingsButton() const { return m_settingsButton; }

signals:
    void settingsRequested();

private:
    QPushButton *m_settingsButton;
};
