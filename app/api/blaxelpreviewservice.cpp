#include "api/blaxelpreviewservice.h"

#include "api/apierror.h"
#include "api/blaxeldecoder.h"
#include "api/blaxeldispatch.h"
#include "api/blaxelduration.h"
#include "api/blaxelsandboxname.h"
#include "api/blaxelsandboxservice.h"
#include "api/isotimestamp.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <memory>

using namespace Qt::StringLiterals;

namespace {

constexpr int maxTextLength = 4'096;

QString text(const QJsonObject &object, const QString &name)
{
    return object.value(name).toString().left(maxTextLength);
}

BlaxelPreview readPreview(const QJsonObject &object)
{
    const QJsonObject metadata = object.value(u"metadata"_s).toObject();
    const QJsonObject spec = object.value(u"spec"_s).toObject();
    BlaxelPreview preview;
    preview.name = text(metadata, u"name"_s).left(256);
    const double port = spec.value(u"port"_s).toDouble(0);
    preview.port = port >= 1 && port <= 65535 ? int(port) : 0;
    preview.isPublic = spec.value(u"public"_s).toBool(false);
    preview.urlText = text(spec, u"url"_s);
    preview.url = BlaxelDecoder::acceptedUrl(preview.urlText);
    preview.ttl = text(spec, u"ttl"_s).left(64);
    preview.expires = IsoTimestamp::parse(text(spec, u"expires"_s).left(64));
    preview.status = text(object, u"status"_s).left(64);
    preview.createdAt = IsoTimestamp::parse(text(metadata, u"createdAt"_s).left(64));
    return preview;
}

} // namespace

BlaxelPreviewService::BlaxelPreviewService(HttpTransport *transport, const QString &workspace,
                                           QObject *parent)
    : QObject(parent), m_transport(transport), m_workspace(workspace)
{}

QString BlaxelPreviewService::nameProblem(const QString &name)
{
    static const QRegularExpression pattern(u"^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$"_s);
    if (pattern.match(name).hasMatch())
        return {};
    return tr(
        "A preview's name is 1 to 63 lower-case letters, digits or '-', not starting or ending with '-'.");
}

ApiResult<QList<BlaxelPreview>> BlaxelPreviewService::decodeList(const QByteArray &body)
{
    const QJsonDocument document = QJsonDocument::fromJson(body);
    if (!document.isArray())
        return ApiError::decode(tr("the sandbox's previews"), body);
    QList<BlaxelPreview> previews;
    for (const auto &item : document.array()) {
        if (previews.size() >= maxPreviews)
            break;
        if (item.isObject())
            previews.append(readPreview(item.toObject()));
    }
    return previews;
}

ApiResult<BlaxelPreview> BlaxelPreviewService::decodePreview(const QByteArray &body)
{
    const QJsonDocument document = QJsonDocument::fromJson(body);
    if (!document.isObject())
        return ApiError::decode(tr("the preview"), body);
    return readPreview(document.object());
}

ApiResult<BlaxelPreviewToken> BlaxelPreviewService::decodeToken(const QByteArray &body)
{
    const QJsonObject object = QJsonDocument::fromJson(body).object();
    const QJsonObject spec = object.value(u"spec"_s).toObject();
    BlaxelPreviewToken token;
    token.name = text(object.value(u"metadata"_s).toObject(), u"name"_s).left(256);
    token.value = spec.value(u"token"_s).toString();
    token.expiresAt = IsoTimestamp::parse(text(spec, u"expiresAt"_s).left(64));
    // The body holds the secret: a complaint about it never quotes it.
    if (token.value.isEmpty() || token.value.size() > maxTextLength)
        return ApiError::local(tr("The answer to the new token held no token this app can use."));
    return token;
}

ApiRequest BlaxelPreviewService::request(ApiRequest::Method method, const QString &sandbox,
                                         const QString &rest) const
{
    return BlaxelSandboxService::controlPlaneRequest(
        method, u"/sandboxes/"_s + ApiRequest::encodeSegment(sandbox) + u"/previews"_s + rest, m_workspace);
}

template <typename T>
BlaxelOperation *BlaxelPreviewService::send(const ApiRequest &api, QObject *context, ResultHandler<T> done,
                                            ApiResult<T> (*decode)(const QByteArray &))
{
    auto *operation = new BlaxelOperation(context);
    auto handler = std::make_shared<ResultHandler<T>>(std::move(done));
    operation->setFailure([handler](const ApiError &error) { (*handler)(error); });
    const auto kind = api.method == ApiRequest::Method::Get      ? BlaxelErrorDecoder::Call::Read
                      : api.method == ApiRequest::Method::Delete ? BlaxelErrorDecoder::Call::Delete
                                                                 : BlaxelErrorDecoder::Call::Create;
    operation->track(dispatchBlaxelCall<T>(m_transport, api, kind, operation,
                                           ResultHandler<T>([operation, handler](const ApiResult<T> &result) {
                                               operation->finishWith([&] { (*handler)(result); });
                                           }),
                                           decode, DecodeOn::CallerThread));
    return operation;
}

BlaxelOperation *BlaxelPreviewService::list(const QString &sandbox, QObject *context,
                                            ResultHandler<QList<BlaxelPreview>> done)
{
    if (const QString problem = BlaxelSandboxName::problem(sandbox); !problem.isEmpty())
        return BlaxelOperation::refused(context, std::move(done), problem);
    return send(request(ApiRequest::Method::Get, sandbox, {}), context, std::move(done), &decodeList);
}

BlaxelOperation *BlaxelPreviewService::create(const QString &sandbox, const BlaxelPreviewRequest &preview,
                                              QObject *context, ResultHandler<BlaxelPreview> done)
{
    QString problem = BlaxelSandboxName::problem(sandbox);
    if (problem.isEmpty())
        problem = nameProblem(preview.name);
    if (problem.isEmpty() && (preview.port < 1 || preview.port > 65535))
        problem = tr("A port is a number from 1 to 65535.");
    if (problem.isEmpty())
        problem = BlaxelDuration::problem(preview.ttl);
    if (!problem.isEmpty())
        return BlaxelOperation::refused(context, std::move(done), problem);
    QJsonObject spec{{u"port"_s, preview.port}, {u"public"_s, preview.isPublic}};
    if (!preview.ttl.isEmpty())
        spec.insert(u"ttl"_s, preview.ttl);
    ApiRequest api = request(ApiRequest::Method::Post, sandbox, {});
    api.jsonBody =
        QJsonDocument(QJsonObject{{u"metadata"_s, QJsonObject{{u"name"_s, preview.name}}}, {u"spec"_s, spec}})
            .toJson(QJsonDocument::Compact);
    api.idempotent = false;
    return send(api, context, std::move(done), &decodePreview);
}

BlaxelOperation *BlaxelPreviewService::remove(const QString &sandbox, const QString &preview,
                                              QObject *context, ResultHandler<BlaxelPreview> done)
{
    QString problem = BlaxelSandboxName::problem(sandbox);
    if (problem.isEmpty())
        problem = nameProblem(preview);
    if (!problem.isEmpty())
        return BlaxelOperation::refused(context, std::move(done), problem);
    return send(request(ApiRequest::Method::Delete, sandbox, u'/' + ApiRequest::encodeSegment(preview)),
                context, std::move(done), &decodePreview);
}

BlaxelOperation *BlaxelPreviewService::createToken(const QString &sandbox, const QString &preview,
                                                   const QDateTime &expiresAt, QObject *context,
                                                   ResultHandler<BlaxelPreviewToken> done)
{
    QString problem = BlaxelSandboxName::problem(sandbox);
    if (problem.isEmpty())
        problem = nameProblem(preview);
    if (problem.isEmpty() && (!expiresAt.isValid() || expiresAt <= QDateTime::currentDateTimeUtc()))
        problem = tr("A token expires in the future.");
    if (!problem.isEmpty())
        return BlaxelOperation::refused(context, std::move(done), problem);
    ApiRequest api =
        request(ApiRequest::Method::Post, sandbox, u'/' + ApiRequest::encodeSegment(preview) + u"/tokens"_s);
    const QString name = u"sandboxdeck-"_s + QString::number(QDateTime::currentMSecsSinceEpoch());
    api.jsonBody =
        QJsonDocument(
            QJsonObject{{u"metadata"_s, QJsonObject{{u"name"_s, name}}},
                        {u"spec"_s, QJsonObject{{u"expiresAt"_s, expiresAt.toUTC().toString(Qt::ISODate)}}}})
            .toJson(QJsonDocument::Compact);
    api.idempotent = false;
    return send(api, context, std::move(done), &decodeToken);
}
