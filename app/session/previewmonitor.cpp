#include "session/previewmonitor.h"

#include "api/blaxelpreviewservice.h"
#include "models/blaxelpreviewlistmodel.h"

PreviewMonitor::PreviewMonitor(const QString &sandbox, BlaxelPreviewService *service, QObject *parent)
    : QObject(parent), m_sandbox(sandbox), m_service(service), m_model(new BlaxelPreviewListModel(this))
{
    m_service->setParent(this);
}

void PreviewMonitor::refresh()
{
    if (m_listing)
        return;
    m_listing = true;
    m_service->list(m_sandbox, this, [this](const ApiResult<QList<BlaxelPreview>> &result) {
        m_listing = false;
        if (result) {
            m_hasListed = true;
            m_model->setPreviews(result.value());
        }
        Q_EMIT listed(result ? QString() : result.error().fullText());
    });
}

void PreviewMonitor::create(const BlaxelPreviewRequest &request)
{
    m_service->create(m_sandbox, request, this, [this](const ApiResult<BlaxelPreview> &result) {
        if (!result) {
            Q_EMIT actionFailed(result.error().fullText());
            return;
        }
        Q_EMIT created(result->name);
        refresh();
    });
}

void PreviewMonitor::remove(const QString &preview)
{
    m_service->remove(m_sandbox, preview, this, [this](const ApiResult<BlaxelPreview> &result) {
        if (!result)
            Q_EMIT actionFailed(result.error().fullText());
        refresh();
    });
}

void PreviewMonitor::createToken(const QString &preview, const QDateTime &expiresAt)
{
    m_service->createToken(m_sandbox, preview, expiresAt, this,
                           [this, preview](const ApiResult<BlaxelPreviewToken> &result) {
                               if (!result) {
                                   Q_EMIT actionFailed(result.error().fullText());
                                   return;
                               }
                               Q_EMIT tokenCreated(preview, result.value());
                           });
}
