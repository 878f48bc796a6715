// SPDX-License-Identifier: MIT
#pragma once

#include "bot/http/message.hpp"

#include <string>
#include <string_view>

namespace quiz::bot::web {

/// 503 with `Retry-After: 1` and `reason` as the error: nothing was recorded, and the same request a moment later
/// may succeed (the page retries it).
[[nodiscard]] http::response retry_later(std::string_view reason, const std::string& request_id);

/// Why a new action was refused before it was taken: too much work waits (tutoring::admission).
inline constexpr std::string_view busy_reason = "busy: nothing was recorded, try again in a moment";

} // namespace quiz::bot::web
