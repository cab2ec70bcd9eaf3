#pragma once

#include "emulator/klavis/serverdataapi.h"
