// SPDX-License-Identifier: MIT
#pragma once

#include "bot/tutoring/screens.hpp"

#include "engine/core/identity_ports.hpp"
#include "engine/rounds/group_round.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace quiz::bot::tutoring {

// What a round shows: the channel's one shared message (round_screen), and what each member sees privately
// (round_reply::mine). Front ends lay them out their own way.

struct round_score {
    std::string name;
    engine::score_line score;
};

/// The round's shared message, in the round's language (the host's).
struct round_screen {
    enum class stage : unsigned char { open, revealed, ended };

    engine::round_id round;
    std::string platform; ///< whose front end shows it
    std::string channel;  ///< as round_place::channel
    engine::language lang = engine::language::en;
    stage at = stage::open;
    std::string host_name;
    int number = 0;    ///< the question's number in the round
    int questions = 0; ///< questions planned
    int answered = 0;
    int players = 0;
    std::optional<engine::question_card> card;  ///< the question: open, and shown again with its reveal
    std::optional<engine::round_reveal> reveal; ///< the distribution, the answer, the common mistake
    std::optional<guide_section> guide;         ///< with the reveal, and "Read more: <section>"
    std::vector<round_score> scores;            ///< ended: ranked
    std::optional<std::string> hardest;         ///< ended: the stem of the question most missed
    /// Grows with every change of the round: a front end receiving two screens drops the older one.
    std::uint64_t revision = 0;
    /// Where the message is on the platform and how to edit it, as the platform's requests told (message_news).
    std::optional<engine::round_message> message;
};

/// A member's answer is in; judged at the reveal.
struct answer_in_screen {
    engine::round_id round;
    std::uint32_t position = 0;
    std::string text; ///< "Your answer is in: B." in the member's language
};

/// How the member's answer is judged, once revealed.
struct judged_screen {
    engine::round_id round;
    engine::feedback told;
    engine::feedback_sentences said; ///< in the member's language
    guide_section guide;             ///< with "Read more: <section>"
};

/// What one round action shows: privately to the person who acted, and the round's shared message when it
/// changed or was asked for. Front ends also receive every change through the service's publish hook.
struct round_reply {
    engine::language lang = engine::language::en; ///< the person's language
    std::variant<nothing_screen, answer_in_screen, judged_screen, card_screen, summary_screen, notice_screen> mine;
    std::optional<round_screen> shared;
    bool answer_recorded = false;
    bool changed = false;      ///< the round changed: `shared` also goes to the publish hook
    bool revealed_now = false; ///< this action closed the open question
    bool replayed = false;     ///< the same delivery again (a replayed interaction): nothing ran
};

} // namespace quiz::bot::tutoring
