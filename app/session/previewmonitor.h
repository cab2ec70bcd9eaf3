#pragma once

#include "api/blaxelpreview.h"

#include <QObject>
#include <QString>

class BlaxelPreviewListModel;
class BlaxelPreviewService;

// The previews of one Blaxel sandbox for its Previews tab: read when the tab is shown and after each change,
// created, deleted, and a private one's token made. It owns the service, so the key stays in this layer; what
// it was asking goes with it.
class PreviewMonitor final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PreviewMonitor)

public:
    // Takes `service` as its child.
    PreviewMonitor(const QString &sandbox, BlaxelPreviewService *service, QObject *parent = nullptr);

    QString sandbox() const { return m_sandbox; }
    BlaxelPreviewListModel *model() const { return m_model; }
    bool hasListed() const { return m_hasListed; }

    void refresh();
    void create(const BlaxelPreviewRequest &request);
    void remove(const QString &preview);
    void createToken(const QString &preview, const QDateTime &expiresAt);

Q_SIGNALS:
    void listed(const QString &problem);
    void created(const QString &preview);
    void actionFailed(const QString &problem);
    // The token's value is a secret: whoever shows it keeps it nowhere else.
    void tokenCreated(const QString &preview, const BlaxelPreviewToken &token);

private:
    QString m_sandbox;
    BlaxelPreviewService *m_service;
    BlaxelPreviewListModel *m_model;
    bool m_hasListed = false;
    bool m_listing = false;
};
