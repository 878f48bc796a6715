// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/language.hpp"

#include <cstdint>
#include <string>
#include <string_view>

namespace quiz::bot::discord {

// What only Discord says (its commands' help); the rest is the tutoring layer's (bot/tutoring/texts.hpp) and the
// tutor's own (engine/text/catalog.hpp).

[[nodiscard]] std::string_view help_text(engine::language lang) noexcept;

/// /quiz group where no round can be played (the bot's DM).
[[nodiscard]] std::string_view group_place_text(engine::language lang) noexcept;

/// "Closes <t:…:R>": a round's deadline as Discord's relative timestamp.
[[nodiscard]] std::string closes_text(engine::language lang, std::int64_t unix_seconds);

} // namespace quiz::bot::discord
