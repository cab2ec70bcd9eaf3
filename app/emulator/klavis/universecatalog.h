#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace Emulator {

// The seeded universes, as data (:/emulator/universes.json, one home): each with its personas, its services'
// initial data in the shape those services' MCP tools read and write, and its tasks, each with a declarative
// verifier (UniverseVerifier). Loaded once, on first use.
class UniverseCatalog
{
public:
    static const UniverseCatalog &instance();
    explicit UniverseCatalog(const QJsonArray &universes);

    const QJsonArray &universes() const { return m_universes; }
    QStringList universeIds() const;
    std::optional<QJsonObject> universe(const QString &universeId) const;
    static std::optional<QJsonObject> task(const QJsonObject &universe, const QString &taskNum);
    static QStringList services(const QJsonObject &universe);
    static QStringList taskNums(const QJsonObject &universe);

    // The provider's wire shapes: Universe (a list item) and TaskDetails.
    static QJsonObject universeJson(const QJsonObject &universe);
    static QJsonObject taskDetails(const QJsonObject &universe, const QJsonObject &task);

private:
    QJsonArray m_universes;
};

} // namespace Emulator
