// SPDX-License-Identifier: MIT
#pragma once

#include "engine/tutor_ids.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace quiz::bot::discord {

// The `custom_id`s of quizbot's buttons (at most 100 characters, Discord's limit). Each carries what the click needs,
// so no state waits in memory between an interaction and the next:
//   quiz:a:<session>:<sequence>:<choice>  answer a question (choice: display position, 0 = A)
//   quiz:n:<session>:<pack>               next question (the pack, for the summary's New session button)
//   quiz:forget:yes | quiz:forget:no      confirm or cancel /quiz forget-me
//   quiz:s:<pack>                         start a new session in a pack

struct answer_button {
    engine::session_id session;
    std::uint32_t sequence = 0;
    std::uint32_t choice = 0;
};
struct next_button {
    engine::session_id session;
    std::string pack;
};
struct forget_button {
    bool confirmed = false;
};
struct start_button {
    std::string pack;
};

using button = std::variant<answer_button, next_button, forget_button, start_button>;

inline constexpr std::size_t max_custom_id = 100;

[[nodiscard]] std::string custom_id(const button& b);
/// nullopt for anything quizbot did not write.
[[nodiscard]] std::optional<button> parse_custom_id(std::string_view text);

} // namespace quiz::bot::discord
