// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <string_view>

namespace quiz::bot::http {

/// 16 random lowercase hex digits.
[[nodiscard]] std::string new_request_id();

/// Whether an incoming X-Request-Id (from a proxy) can be kept: 1-64 characters of [A-Za-z0-9._-], so it is safe
/// in logs and headers.
[[nodiscard]] bool acceptable_request_id(std::string_view id) noexcept;

} // namespace quiz::bot::http
