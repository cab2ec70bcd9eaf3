#include "api/blaxelfilewatch.h"

#include "api/blaxelsandboxfiles.h"

#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

BlaxelFileWatch::BlaxelFileWatch(BlaxelSandboxFiles *files, QObject *parent)
    : QObject(parent), m_files(files), m_stream(files)
{
    connect(&m_stream, &BlaxelLineStream::lineReceived, this, &BlaxelFileWatch::handleLine);
    connect(&m_stream, &BlaxelLineStream::interrupted, this, &BlaxelFileWatch::interrupted);
    connect(&m_stream, &BlaxelLineStream::opened, this, [this](bool again) {
        if (again)
            Q_EMIT resumed();
    });
}

void BlaxelFileWatch::start(const QString &remoteFolder)
{
    // A remote folder of "/**" style keeps its "**" segment: the API reads it as "and below".
    const QString refusal = m_files ? m_files->refusal(remoteFolder) : QString();
    m_stream.start(u"/watch"_s + BlaxelSandboxFiles::filesystemPath(remoteFolder), remoteFolder,
                   BlaxelLineStream::Ending::Resumed, refusal);
}

void BlaxelFileWatch::handleLine(const QByteArray &line, bool cut)
{
    const QByteArray trimmed = line.trimmed();
    if (cut || trimmed.isEmpty())
        return;
    const QJsonDocument document = QJsonDocument::fromJson(trimmed);
    if (!document.isObject())
        return;
    const QJsonObject event = document.object();
    const QString op = event.value(u"op"_s).toString();
    const QString folder = event.value(u"path"_s).toString();
    const QString name = event.value(u"name"_s).toString();
    if (op.isEmpty() || op.size() > maxOpChars || folder.size() > maxPathChars || name.size() > maxNameChars)
        return;
    // As @blaxel/core joins them (filesystem.ts, watch): no second '/' after a folder ending in one.
    const QString path = folder.endsWith(u'/') ? QString(folder + name) : QString(folder + u'/' + name);
    Q_EMIT changed(op, path);
}
