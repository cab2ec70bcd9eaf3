#pragma once

#include "json/jsondifference.h"

#include <QString>

// One JsonDifference as a terminal line ("+ path: value", "- ...", "~ path: old -> new", "! ... (type)"),
// shared by `data diff` and `mcp diff`. Paths and values are escaped for the terminal and long values cut.
namespace JsonDifferenceText {

QString line(const JsonDifference &difference);

} // namespace JsonDifferenceText
