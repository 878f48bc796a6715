// SPDX-License-Identifier: MIT
#pragma once

#include "bot/tutoring/actions.hpp"

#include "engine/core/tutor_ids.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

namespace quiz::bot::tutoring {

// A study group's actions in a channel, as every front end expresses them (docs/groups.md). The person acting is
// an `actor` like a learner's; rounds are named by id, and their questions by sequence, as the round's buttons
// carry them.

/// Where a round is played: a channel (a Discord channel, a Slack channel, a playground room) of a workspace.
struct round_place {
    engine::platform_identity workspace; ///< its platform is the front end that shows the round
    std::string workspace_name;
    std::string channel; ///< the platform's channel id, or the playground's room code
};

/// The host starts a round in the channel; its first question opens at once.
struct open_round {
    round_place where;
    std::optional<std::string> pack; ///< nullopt: the default pack
    std::optional<int> questions;    ///< 1 to 20; nullopt: 5
    std::optional<int> seconds;      ///< per question, 10 to 300; nullopt: by the question's length
};

/// Someone enters the round before answering (a Join button, opening the room's page): they count among the
/// players whose answers close a question early. On an ended round: the same as look_at_round.
struct join_round {
    engine::round_id round;
};

/// A member's answer to the round's open question (they join the round by answering).
struct answer_round {
    engine::round_id round;
    std::uint32_t sequence = 0; ///< the question's number in the round, from its buttons
    std::uint32_t choice = 0;   ///< display position (0 = A)
};

/// The host reveals the open question before its deadline.
struct reveal_round {
    engine::round_id round;
};

/// The host asks the next question (after the last one: the scoreboard).
struct next_round_question {
    engine::round_id round;
};

/// The host ends the round: the scoreboard.
struct end_round {
    engine::round_id round;
};

/// The round as it stands, and how the asker's answer is judged once revealed. Changes nothing.
struct look_at_round {
    engine::round_id round;
};

/// A member's own session on the questions they missed in the round.
struct review_misses {
    engine::round_id round;
};

using round_action = std::variant<open_round, join_round, answer_round, reveal_round, next_round_question, end_round,
                                  look_at_round, review_misses>;

/// What a request tells about the round's shared message on its platform (engine::round_message): where it is,
/// once posted, and a fresh credential to edit it (the click's interaction token or response_url). Saved with the
/// action, in its transaction.
struct message_news {
    std::optional<std::string> reference;
    std::optional<std::string> edit_token;
};

struct round_request {
    actor who;
    round_action what;
    std::optional<std::string> delivery; ///< as request::delivery
    std::optional<message_news> message;
};

/// What a round may be: players, questions, seconds (docs/groups.md, "Options").
struct round_limits {
    int max_players = 100;
    int max_questions = 20;
    int min_seconds = 10;
    int max_seconds = 300;
};

} // namespace quiz::bot::tutoring
