// SPDX-License-Identifier: MIT
#pragma once

#include "bot/cli/command.hpp"

namespace quiz::bot::cli {

// Each subcommand lives in its own file under bot/cli/ and is listed in dispatch.cpp's table.

} // namespace quiz::bot::cli
