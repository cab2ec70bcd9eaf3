#pragma once

#include "emulator/blaxel/blaxelsandbox.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace Emulator {

// Reads the body of POST /sandboxes the way a strict server would: every field the notes name is checked and
// bounded, unknown keys are ignored, and a refusal names the field it is about.
class BlaxelCreateRequest
{
public:
    static constexpr int maxLabels = 32;
    static constexpr int maxPorts = 16;
    static constexpr int maxEnvs = 64;
    static constexpr int maxPolicies = 8;

    static bool validName(const QString &name); // DNS label: a-z, 0-9 and '-', at most 63, no '-' at an end
    static const QStringList &regions();

    // The sandbox the body describes (without workspace, times or status), or nullopt with `error` set.
    static std::optional<BlaxelSandbox> parse(const QJsonObject &body, QString *error);
};

} // namespace Emulator
