// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/pack.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace quiz::engine {

/// The order a question's choices are shown in: order[display position] = choice index in pack order.
/// Deterministic: the same seed, learner (or round), question and attempt number give the same order on every
/// machine; a new attempt gets a new order, so a learner cannot answer by remembering a position.
[[nodiscard]] std::vector<std::uint32_t> choice_order(std::uint64_t seed, std::int64_t learner,
                                                      const question_key& question, int attempt, std::size_t choices);

/// "A", "B", ... for display position 0, 1, ...
[[nodiscard]] char choice_letter(std::size_t position) noexcept;

/// The display position of a letter ("a" or "A" -> 0), or of a 1-based number ("1" -> 0); nullopt otherwise.
[[nodiscard]] std::optional<std::uint32_t> parse_choice(std::string_view text) noexcept;

} // namespace quiz::engine
