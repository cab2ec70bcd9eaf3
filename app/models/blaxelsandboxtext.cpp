#include "models/blaxelsandboxtext.h"

#include "models/blaxelsandboxlistmodel.h"
#include "models/displaytext.h"
#include "models/durationtext.h"

#include <QLocale>

QString BlaxelSandboxText::expiresIn(qint64 seconds)
{
    return seconds <= 0 ? tr("due now") : DurationText::span(seconds);
}

QString BlaxelSandboxText::memory(qint64 memoryMb)
{
    if (memoryMb < 0)
        return {};
    const QLocale locale;
    if (memoryMb >= 1024 && memoryMb % 1024 == 0)
        return tr("%1 GB").arg(locale.toString(memoryMb / 1024));
    return tr("%1 MB").arg(locale.toString(memoryMb));
}

QStringList BlaxelSandboxText::labels(const QMap<QString, QString> &labels)
{
    QStringList texts;
    texts.reserve(labels.size());
    for (auto it = labels.cbegin(); it != labels.cend(); ++it)
        texts << DisplayText::visible(it.value().isEmpty() ? it.key() : it.key() + u'=' + it.value());
    return texts;
}

QString BlaxelSandboxText::columnTitle(int column)
{
    switch (column) {
    case BlaxelSandboxListModel::NameColumn:
        return tr("Name");
    case BlaxelSandboxListModel::DisplayNameColumn:
        return tr("Display name");
    case BlaxelSandboxListModel::StatusColumn:
        return tr("Status");
    case BlaxelSandboxListModel::StateColumn:
        return tr("State");
    case BlaxelSandboxListModel::RegionColumn:
        return tr("Region");
    case BlaxelSandboxListModel::ImageColumn:
        return tr("Image");
    case BlaxelSandboxListModel::MemoryColumn:
        return tr("Memory");
    case BlaxelSandboxListModel::LabelsColumn:
        return tr("Labels");
    case BlaxelSandboxListModel::CreatedColumn:
        return tr("Created");
    case BlaxelSandboxListModel::LastUsedColumn:
        return tr("Last used");
    case BlaxelSandboxListModel::ExpiresInColumn:
        return tr("Expires in");
    }
    return {};
}
