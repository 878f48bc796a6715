// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/tutor_ids.hpp"

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
//   quiz:rem:start | quiz:rem:off         a reminder's Start review and Unsubscribe (docs/reminders.md)
// A study group's round (docs/groups.md, "Discord") is one shared message; its buttons name the round and the
// question they were shown with, so a click on an older question is told apart from one on the open question:
//   quiz:ra:<round>:<sequence>:<choice>   a member's answer (choice: display position, 0 = A)
//   quiz:rr:<round>:<sequence>            the host reveals the question
//   quiz:rn:<round>:<sequence>            the host asks the next question (or, after the last, the scoreboard)
//   quiz:re:<round>:<sequence>            the host ends the round
//   quiz:rm:<round>:<sequence>            a member reviews the questions they missed (on the scoreboard)

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
struct reminder_button {
    bool unsubscribe = false;
};

using button = std::variant<answer_button, next_button, forget_button, start_button, reminder_button>;

/// A button of a round's message: `kind` says which, `choice` only for answers.
struct round_button {
    enum class kind : unsigned char { answer, reveal, next, end, review };
    kind what = kind::answer;
    engine::round_id round;
    std::uint32_t sequence = 0;
    std::uint32_t choice = 0;
};

inline constexpr std::size_t max_custom_id = 100;

[[nodiscard]] std::string custom_id(const button& b);
/// nullopt for anything quizbot did not write.
[[nodiscard]] std::optional<button> parse_custom_id(std::string_view text);

[[nodiscard]] std::string round_custom_id(const round_button& b);
/// nullopt for anything but a round's button.
[[nodiscard]] std::optional<round_button> parse_round_custom_id(std::string_view text);

/// Any of quizbot's buttons: a learner's session's, or a round's.
using clicked_button = std::variant<button, round_button>;
/// A click's custom_id, read once (parse_interaction) into the value every step of the click then uses; nullopt for
/// anything quizbot did not write (another version's button, a forged one).
[[nodiscard]] std::optional<clicked_button> parse_clicked_button(std::string_view text);

} // namespace quiz::bot::discord
