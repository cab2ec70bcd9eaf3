#pragma once

#include "api/client.h"
