#pragma once

#include "session/appsession.h"
