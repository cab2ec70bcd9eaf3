#pragma once

#include "api/apirequest.h"
#include "api/blaxeloperation.h"
#include "api/blaxelpreview.h"
#include "api/resulthandler.h"

#include <QCoreApplication>
#include <QList>
#include <QObject>

class HttpTransport;

// A Blaxel sandbox's previews on the control plane (/sandboxes/{name}/previews, blaxel-notes.md): list,
// create, delete, and a private preview's tokens. Same transport, workspace header and version header as
// BlaxelSandboxService; names checked before they enter a path.
class BlaxelPreviewService final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BlaxelPreviewService)

public:
    static constexpr int maxPreviews = 100;

    BlaxelPreviewService(HttpTransport *transport, const QString &workspace, QObject *parent = nullptr);

    BlaxelOperation *list(const QString &sandbox, QObject *context, ResultHandler<QList<BlaxelPreview>> done);
    BlaxelOperation *create(const QString &sandbox, const BlaxelPreviewRequest &request, QObject *context,
                            ResultHandler<BlaxelPreview> done);
    BlaxelOperation *remove(const QString &sandbox, const QString &preview, QObject *context,
                            ResultHandler<BlaxelPreview> done);
    // A token for a private preview, valid until `expiresAt`.
    BlaxelOperation *createToken(const QString &sandbox, const QString &preview, const QDateTime &expiresAt,
                                 QObject *context, ResultHandler<BlaxelPreviewToken> done);

    // "" when `name` may name a preview (what the API accepts: 1 to 63 lower-case letters, digits or '-').
    static QString nameProblem(const QString &name);
    static ApiResult<QList<BlaxelPreview>> decodeList(const QByteArray &body);
    static ApiResult<BlaxelPreview> decodePreview(const QByteArray &body);
    static ApiResult<BlaxelPreviewToken> decodeToken(const QByteArray &body);

private:
    ApiRequest request(ApiRequest::Method method, const QString &sandbox, const QString &rest) const;
    template <typename T>
    BlaxelOperation *send(const ApiRequest &api, QObject *context, ResultHandler<T> done,
                          ApiResult<T> (*decode)(const QByteArray &));

    HttpTransport *m_transport;
    QString m_workspace;
};
