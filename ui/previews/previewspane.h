#pragma once

#include "session/previewmonitor.h"

#include <QPointer>
#include <QString>
#include <QWidget>

class PreviewController;
class QLabel;
class QPushButton;
class QTreeView;

// The Previews tab of a Blaxel sandbox: its previews (port, public or private, URL, expiry), read when the
// tab is shown; New Preview…, Delete (behind a question), Copy URL, Open in Browser, and a private preview's
// token (shown once). The controller makes the monitor; the pane only shows and asks.
class PreviewsPane final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PreviewsPane)

public:
    explicit PreviewsPane(PreviewController *controller, QWidget *parent = nullptr);

    // The sandbox shown (empty: none); `ready`: DEPLOYED, so previews can be listed and made.
    void showSandbox(const QString &name, bool ready);
    void createPreview();
    void deleteSelected();
    void copyUrl();
    void openUrl();
    void createToken();

    PreviewMonitor *monitor() const { return m_monitor; }
    QTreeView *view() const { return m_view; }
    QLabel *stateLabel() const { return m_state; }
    QString selectedPreview() const;

protected:
    void showEvent(QShowEvent *event) override;

private:
    void updateButtons();
    void updateState();

    PreviewController *m_controller;
    QLabel *m_notice;
    QLabel *m_state;
    QPushButton *m_create;
    QPushButton *m_delete;
    QPushButton *m_copy;
    QPushButton *m_open;
    QPushButton *m_token;
    QTreeView *m_view;
    QPointer<PreviewMonitor> m_monitor;
    QString m_name;
    bool m_ready = false;
    bool m_showing = false;
    QString m_actionProblem;
    QString m_listProblem;
    QString m_noMonitor;
    QString m_toSelect;
};
