#pragma once

#include "local/localsandboxespage.h"
