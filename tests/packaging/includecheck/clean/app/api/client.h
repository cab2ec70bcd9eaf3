#pragma once

#include "catalog/hosts.h"

#include <QString>
