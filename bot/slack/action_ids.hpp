// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/tutor_ids.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace quiz::bot::slack {

// quizbot's Block Kit buttons: each click's action_id and value carry what the click needs (at most 255 and 2000
// characters, Block Kit's limits), so that nothing is kept between a message and its click.

/// An answer: "answer_<letter>", value "<session>:<sequence>:<position>".
struct answer_click {
    engine::session_id session;
    std::uint32_t sequence = 0;
    std::uint32_t position = 0;
    friend bool operator==(const answer_click&, const answer_click&) = default;
};
/// "next", value "<session>".
struct next_click {
    engine::session_id session;
    friend bool operator==(const next_click&, const next_click&) = default;
};
/// "start" or "review" (due reviews only), value: the pack's key.
struct start_click {
    std::string pack;
    bool reviews_only = false;
    friend bool operator==(const start_click&, const start_click&) = default;
};
/// "forget_yes" or "forget_no", no value: the answer to forget-me's confirmation.
struct forget_click {
    bool confirmed = false;
    friend bool operator==(const forget_click&, const forget_click&) = default;
};

/// "reminders_off", no value: a reminder's Unsubscribe (its Start review is a start_click for reviews).
struct unsubscribe_click {
    friend bool operator==(const unsubscribe_click&, const unsubscribe_click&) = default;
};

using click = std::variant<answer_click, next_click, start_click, forget_click, unsubscribe_click>;

struct button_ids {
    std::string action_id;
    std::string value;
};

[[nodiscard]] button_ids ids_of(const click& c);
/// nullopt for a button quizbot does not make (another version's, or a forged one).
[[nodiscard]] std::optional<click> parse_click(std::string_view action_id, std::string_view value);

/// A button of a study group's round message (docs/groups.md, "Slack"). An answer is "round_answer_<letter>", value
/// "<round>:<sequence>:<position>"; the others are "round_reveal", "round_next", "round_end", "round_mine" (How did
/// I do?) and "round_review" (Review my misses), value "<round>".
struct round_click {
    enum class kind : unsigned char { answer, reveal, next, end, mine, review };
    kind what = kind::answer;
    engine::round_id round;
    std::uint32_t sequence = 0; ///< answer only
    std::uint32_t position = 0; ///< answer only
    friend bool operator==(const round_click&, const round_click&) = default;
};

[[nodiscard]] button_ids ids_of(const round_click& c);
/// nullopt for anything that is not a round button quizbot makes.
[[nodiscard]] std::optional<round_click> parse_round_click(std::string_view action_id, std::string_view value);

/// Any of quizbot's buttons: a learner's session's, or a round's.
using clicked_button = std::variant<click, round_click>;
/// A pressed button's action_id and value, read once into the value every step of the click then uses; nullopt
/// for a button quizbot does not make (another version's, or a forged one).
[[nodiscard]] std::optional<clicked_button> parse_clicked_button(std::string_view action_id, std::string_view value);

} // namespace quiz::bot::slack
