#pragma once

#include <QList>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QString>

class AppSession;
class QAbstractItemView;

// Milestones of one start-up of the window, seen from outside the app's code: an application-wide event
// filter, the session's signals and its transports' network managers, so that the app needs no hook of its
// own for the benchmark. Times are CLOCK_MONOTONIC, which the process that launched this one shares: it
// places them after its own reading of the launch.
class StartupProbe final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StartupProbe)

public:
    struct Milestone
    {
        qint64 ns;
        QString name;
    };

    explicit StartupProbe(QObject *parent = nullptr);
    ~StartupProbe() override;

    static qint64 nowNs();
    // Keeps the first time of each name only: later refreshes say nothing about start-up.
    void mark(const QString &name, qint64 ns = nowNs());
    // Before ApplicationController::start(): the demo connects the session inside it.
    void watchSession(AppSession *session);
    // The Sandboxes view, the one the window opens on.
    void watchSandboxesView(QAbstractItemView *view);
    const QList<Milestone> &milestones() const { return m_milestones; }

signals:
    // The event loop came back after the first paint that showed rows: they are on screen.
    void rowsShown();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void noteWindowConstruction(QObject *watched, qint64 ns);
    void notePaint(QObject *watched);

    QList<Milestone> m_milestones;
    QSet<QString> m_seen;
    QPointer<QAbstractItemView> m_view;
    // The window's constructor ends where the demo's emulator begins: the last event a widget of the
    // window received before the emulator's first one.
    qint64 m_lastWindowEventNs = 0;
    bool m_emulatorSeen = false;
    bool m_windowPainted = false;
    bool m_rowsPainted = false;
};
