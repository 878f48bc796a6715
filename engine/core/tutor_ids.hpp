// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/strong_id.hpp"
#include "engine/fsrs/fsrs_scheduler.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace quiz::engine {

/// Rows of the tutor's world, numbered by storage.
using learner_id = strong_id<struct learner_tag, std::int64_t>;
using workspace_id = strong_id<struct workspace_tag, std::int64_t>; ///< a Discord server, a Slack team, this machine
using session_id = strong_id<struct session_tag, std::int64_t>;
using round_id = strong_id<struct round_tag, std::int64_t>;
using attempt_id = strong_id<struct attempt_tag, std::int64_t>;

/// One user action as the front end names it (a platform interaction id, a web request id, a terminal counter):
/// the same key twice is the same action delivered twice and is recorded once.
using idempotency_key = strong_id<struct idempotency_tag, std::string>;

/// A point in time, milliseconds since the Unix epoch (UTC), as the FSRS scheduler counts it. The engine never
/// reads a clock: every use case is told `now`.
using instant = fsrs::timestamp;

/// Where an answer was given.
enum class venue : std::uint8_t { dm, channel, group_round, terminal, web };

/// "dm", "channel", "group_round", "terminal", "web".
[[nodiscard]] std::string_view name(venue where) noexcept;
[[nodiscard]] std::optional<venue> parse_venue(std::string_view text) noexcept;

} // namespace quiz::engine
