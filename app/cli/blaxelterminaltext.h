#pragma once

#include <QString>

class CliOutput;
struct BlaxelSandbox;

// How sandboxdeck-cli words a Blaxel sandbox: the cells of `blaxel list` and the fields of `blaxel get`.
// (The window's wording, BlaxelSandboxText, is translated; the CLI speaks English.)
class BlaxelTerminalText
{
public:
    // "45 s", "12 min", "3 h 20 min", "2 d 5 h"; "-" when it does not expire.
    static QString expiresIn(const BlaxelSandbox &sandbox);
    // "512 MB"; "-" when not stated.
    static QString memory(const BlaxelSandbox &sandbox);
    // "k=v, k=v".
    static QString labels(const BlaxelSandbox &sandbox);
    // Every field of the sandbox, one per line.
    static void print(CliOutput &output, const BlaxelSandbox &sandbox);
};
