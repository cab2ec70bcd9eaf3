#pragma once

#include "emulator/local/localsandboxapi.h"
