#include "startupprobe.h"

#include "api/httptransport.h"
#include "session/appsession.h"

#include <QAbstractItemView>
#include <QCoreApplication>
#include <QEvent>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTimer>
#include <QWidget>

#include <ctime>

using namespace Qt::StringLiterals;

StartupProbe::StartupProbe(QObject *parent) : QObject(parent)
{
    QCoreApplication::instance()->installEventFilter(this);
}

StartupProbe::~StartupProbe()
{
    if (QCoreApplication *application = QCoreApplication::instance())
        application->removeEventFilter(this);
}

qint64 StartupProbe::nowNs()
{
    timespec time{};
    clock_gettime(CLOCK_MONOTONIC, &time);
    return qint64(time.tv_sec) * 1'000'000'000 + time.tv_nsec;
}

void StartupProbe::mark(const QString &name, qint64 ns)
{
    if (m_seen.contains(name))
        return;
    m_seen.insert(name);
    m_milestones.append({ns, name});
}

void StartupProbe::watchSession(AppSession *session)
{
    connect(session, &AppSession::connectionChanged, this,
            [this] { mark(u"demo emulator listening, session connected"_s); });
    const auto watchTransport = [this](HttpTransport *transport, const QString &provider) {
        connect(transport, &HttpTransport::inFlightChanged, this, [this, provider](int count) {
            if (count > 0)
                mark(provider + u": first API call sent"_s);
        });
        // The transport keeps its replies to itself; its manager says when each one is in.
        connect(transport->networkAccessManager(), &QNetworkAccessManager::finished, this,
                [this, provider](QNetworkReply *reply) {
                    mark(u"%1: reply %2 %3"_s.arg(provider, reply->url().path())
                             .arg(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt()));
                });
    };
    watchTransport(session->transport(), u"Klavis"_s);
    watchTransport(session->blaxelTransport(), u"Blaxel"_s);
    connect(session->klavisStore(), &SandboxStoreSignals::published, this, [this, session] {
        if (session->klavisStore()->hasListed())
            mark(u"Klavis list in the store (decoded and indexed off the GUI thread)"_s);
    });
    connect(session->localStore(), &SandboxStoreSignals::published, this, [this, session] {
        if (session->localStore()->hasListed())
            mark(u"local sandboxes in the store"_s);
    });
    connect(session->blaxelStore(), &SandboxStoreSignals::published, this, [this, session] {
        if (session->blaxelStore()->hasListed())
            mark(u"Blaxel sandboxes in the store"_s);
    });
}

void StartupProbe::watchSandboxesView(QAbstractItemView *view)
{
    m_view = view;
    QAbstractItemModel *model = view->model();
    const auto noteRows = [this, model] {
        if (model->rowCount() > 0)
            mark(u"Sandboxes view: first rows in its model"_s);
    };
    connect(model, &QAbstractItemModel::rowsInserted, this, noteRows);
    connect(model, &QAbstractItemModel::layoutChanged, this, noteRows);
    connect(model, &QAbstractItemModel::modelReset, this, noteRows);
    noteRows();
}

bool StartupProbe::eventFilter(QObject *watched, QEvent *event)
{
    const qint64 ns = nowNs();
    if (!m_emulatorSeen)
        noteWindowConstruction(watched, ns);
    if (event->type() == QEvent::Paint)
        notePaint(watched);
    return QObject::eventFilter(watched, event);
}

void StartupProbe::noteWindowConstruction(QObject *watched, qint64 ns)
{
    // Its constructor seeds the demo's sandboxes, then makes its listeners: their ChildAdded is the first
    // event it receives.
    if (watched->inherits("Emulator::EmulatorServer")) {
        m_emulatorSeen = true;
        if (m_lastWindowEventNs != 0)
            mark(u"window built (its last event before the emulator's)"_s, m_lastWindowEventNs);
        mark(u"demo emulator seeded (its first event)"_s, ns);
        return;
    }
    if (watched->isWidgetType() && static_cast<QWidget *>(watched)->window()->inherits("MainWindow")) {
        mark(u"window: constructor under way (its first event)"_s, ns);
        m_lastWindowEventNs = ns;
    }
}

void StartupProbe::notePaint(QObject *watched)
{
    if (!watched->isWidgetType())
        return;
    auto *widget = static_cast<QWidget *>(watched);
    // A zero timer posted during a paint runs once the event loop is back, after the flush of that frame and
    // after whatever was queued before it: the time it notes is an upper bound.
    if (!m_windowPainted && widget->window()->inherits("MainWindow")) {
        m_windowPainted = true;
        mark(u"window: first paint"_s);
        QTimer::singleShot(0, this, [this] { mark(u"window: first frame on screen"_s); });
    }
    if (!m_rowsPainted && m_view && widget == m_view->viewport() && m_view->model()->rowCount() > 0) {
        m_rowsPainted = true;
        mark(u"Sandboxes view: first paint with rows"_s);
        QTimer::singleShot(0, this, [this] {
            mark(u"Sandboxes view: rows on screen"_s);
            emit rowsShown();
        });
    }
}
