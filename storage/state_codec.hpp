// SPDX-License-Identifier: MIT
#pragma once

#include "engine/rounds/group_round.hpp"
#include "engine/tutor/session.hpp"

#include <string>
#include <string_view>

namespace quiz::storage {

/// The JSON layouts written today. A reader accepts every format up to its own; changing a layout bumps the
/// number and keeps the reader of the old one, so rows written before an upgrade stay readable.
inline constexpr int session_state_format = 1;
inline constexpr int round_state_format = 1;

/// The state as JSON, without its id (the row's id is the id).
[[nodiscard]] std::string encode_session(const engine::session_state& state);
[[nodiscard]] std::string encode_round(const engine::round_state& state);

/// Throws std::runtime_error naming the bad field when the text is not a state of that format: stored data that
/// cannot be read is an infrastructure failure, not a domain outcome.
[[nodiscard]] engine::session_state decode_session(std::string_view json, int format, engine::session_id id);
[[nodiscard]] engine::round_state decode_round(std::string_view json, int format, engine::round_id id);

} // namespace quiz::storage
