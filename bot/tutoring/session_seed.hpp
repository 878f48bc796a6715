// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>

namespace quiz::bot::tutoring {

/// A seed for a new session's choice order (the engine takes seeds as inputs). Not a secret: it only shuffles.
[[nodiscard]] std::uint64_t new_session_seed();

} // namespace quiz::bot::tutoring
