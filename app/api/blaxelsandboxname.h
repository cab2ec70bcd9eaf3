#pragma once

#include <QString>

// Blaxel's rule for a sandbox name: 1 to 63 characters, lowercase letters, digits and '-' (the rule the
// brief of issue 11 states; neither the notes nor the seed spell it out). Checked before a name is sent
// anywhere, also for names a list returned: a server cannot make us request a path of its choosing.
class BlaxelSandboxName
{
public:
    static constexpr int maxLength = 63;
    // "" when the name is acceptable, else a sentence for a person.
    static QString problem(const QString &name);
    static bool isValid(const QString &name) { return problem(name).isEmpty(); }
};
