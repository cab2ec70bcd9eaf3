#pragma once

#include <QWidget>

#include "klavis/sandboxespage.h"
