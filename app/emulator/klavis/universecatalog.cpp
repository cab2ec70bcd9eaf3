#include "emulator/klavis/universecatalog.h"

#include <QFile>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace Emulator {

const UniverseCatalog &UniverseCatalog::instance()
{
    static const UniverseCatalog catalog = [] {
        QFile file(u":/emulator/universes.json"_s);
        if (!file.open(QIODevice::ReadOnly))
            qFatal("The emulator's universes resource is missing");
        const QJsonDocument document = QJsonDocument::fromJson(file.readAll());
        if (!document.isObject())
            qFatal("The emulator's universes resource is not a JSON object");
        return UniverseCatalog(document.object().value(u"universes"_s).toArray());
    }();
    return catalog;
}

UniverseCatalog::UniverseCatalog(const QJsonArray &universes) : m_universes(universes) {}

QStringList UniverseCatalog::universeIds() const
{
    QStringList ids;
    for (const auto &universe : m_universes)
        ids.append(universe.toObject().value(u"universe_id"_s).toString());
    return ids;
}

std::optional<QJsonObject> UniverseCatalog::universe(const QString &universeId) const
{
    for (const auto &universe : m_universes) {
        if (universe.toObject().value(u"universe_id"_s).toString() == universeId)
            return universe.toObject();
    }
    return std::nullopt;
}

std::optional<QJsonObject> UniverseCatalog::task(const QJsonObject &universe, const QString &taskNum)
{
    for (const auto &task : universe.value(u"tasks"_s).toArray()) {
        if (task.toObject().value(u"task_num"_s).toString() == taskNum)
            return task.toObject();
    }
    return std::nullopt;
}

QStringList UniverseCatalog::services(const QJsonObject &universe)
{
    return universe.value(u"initial_data"_s).toObject().keys();
}

QStringList UniverseCatalog::taskNums(const QJsonObject &universe)
{
    QStringList nums;
    for (const auto &task : universe.value(u"tasks"_s).toArray())
        nums.append(task.toObject().value(u"task_num"_s).toString());
    return nums;
}

QJsonObject UniverseCatalog::universeJson(const QJsonObject &universe)
{
    QJsonObject json;
    for (const QString &key :
         {u"universe_id"_s, u"name"_s, u"description"_s, u"domain"_s, u"personas"_s, u"created_at"_s})
        json.insert(key, universe.value(key));
    json.insert(u"task_nums"_s, QJsonArray::fromStringList(taskNums(universe)));
    return json;
}

QJsonObject UniverseCatalog::taskDetails(const QJsonObject &universe, const QJsonObject &task)
{
    QJsonObject json{{u"universe_id"_s, universe.value(u"universe_id"_s)}};
    for (const QString &key : {u"task_num"_s, u"title"_s, u"description"_s, u"prompt"_s, u"difficulty"_s,
                               u"verification_rationale"_s})
        json.insert(key, task.value(key));
    return json;
}

} // namespace Emulator
