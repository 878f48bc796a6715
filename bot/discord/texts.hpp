// SPDX-License-Identifier: MIT
#pragma once

#include "engine/language.hpp"

#include <string_view>

namespace quiz::bot::discord {

// What only Discord says (its commands' help); the rest is the tutoring layer's (bot/tutoring/texts.hpp) and the
// tutor's own (engine/catalog.hpp).

[[nodiscard]] std::string_view help_text(engine::language lang) noexcept;

/// The language for a Discord locale: French for "fr", English for anything else.
[[nodiscard]] engine::language language_of_locale(std::string_view locale) noexcept;

} // namespace quiz::bot::discord
