// SPDX-License-Identifier: MIT
#pragma once

#include "engine/language.hpp"

#include <string>
#include <string_view>

namespace quiz::bot::discord {

// What quizbot says on Discord besides the tutor's own sentences (engine/catalog.hpp): buttons, commands' replies.

enum class text : unsigned char {
    next_button,
    start_again_button,
    help,
    lang_set,
    forget_question,
    forget_yes_button,
    forget_no_button,
    forgotten,
    forget_cancelled,
    nothing_to_forget,
    already_answered,
    unknown_pack,    ///< {pack} {list}
    unknown_concept, ///< {concept} {list}
    stale_button,
    failed,
};

[[nodiscard]] std::string_view text_in(text t, engine::language lang) noexcept;

/// The language for a Discord locale: French for "fr", English for anything else.
[[nodiscard]] engine::language language_of_locale(std::string_view locale) noexcept;

} // namespace quiz::bot::discord
