// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/pack_index.hpp"
#include "engine/learner/priors_cache.hpp"
#include "engine/learner/tutor_config.hpp"
#include "engine/rounds/group_round.hpp"
#include "engine/rounds/round_store.hpp"
#include "engine/tutor/ports.hpp"
#include "engine/tutor/recall_refit.hpp"
#include "engine/tutor/tutor_outcomes.hpp"

#include <optional>
#include <string>
#include <vector>

namespace quiz::engine {

// The study group's use cases, one unit of work each. Each member's answer also goes into that member's own
// memory, as if answered alone, so group play feeds everyone's review schedule.

struct round_start_request {
    workspace_id workspace;
    std::string channel;
    learner_id host;
    std::vector<learner_id> members; ///< who joined the lobby besides the host
    pack_key pack;
    language lang = language::en;
    round_options options;
    std::uint64_t seed = 0;
    instant now;
};

enum class round_status : std::uint8_t {
    ok,
    unknown_pack,
    busy,     ///< the channel already has a round
    no_round, ///< no such round
    not_host, ///< only the host may do that
    ended,
};

/// The shared state after an action: the open question (answered count, time left), the reveal once it closed,
/// the scoreboard once the round ended.
struct round_outcome {
    round_status status = round_status::ok;
    round_id round;
    language lang = language::en;
    learner_id host;
    std::string channel;
    pack_key pack;
    int number = 0;    ///< questions asked so far (the open one included)
    int questions = 0; ///< questions the round was started for
    std::vector<learner_id> players;
    std::optional<round_view> view;
    std::optional<question_card> card; ///< the question asked last: open, or shown again with its reveal
    std::optional<round_reveal> reveal;
    std::vector<score_line> scores;      ///< filled once the round has ended
    std::optional<question_key> hardest; ///< once the round has ended
    bool ended = false;
    std::optional<feedback> mine; ///< look: how the asker's answer to the question just revealed is judged
    bool changed = false;         ///< tick, reveal: this call closed the question
};

struct round_answer_request {
    learner_id learner;
    round_token token;
    std::uint32_t displayed = 0;
    idempotency_key key;
    instant now;
};

struct round_answer_outcome {
    round_answer_status status = round_answer_status::stale;
    bool replayed = false; ///< the same key was recorded before: nothing new recorded
    language lang = language::en;
    std::optional<feedback> told;       ///< private to the member
    std::optional<round_view> view;     ///< shared: how many answered
    std::optional<round_reveal> reveal; ///< when this answer was the last one and closed the question
};

class group_tutor {
public:
    /// The target retention is resolved here (with_target_retention), as the learner's tutor does.
    group_tutor(unit_of_work_factory& units, const pack_library& packs, tutor_config config = {});

    /// Opens a round in a channel and its first question.
    round_outcome start(const round_start_request& request);
    /// Adds a player; they count for the early close from now on.
    round_outcome join(round_id round, learner_id learner, instant now);
    round_answer_outcome answer(const round_answer_request& request);
    /// The front end's timer fired: closes the question if its deadline has passed.
    round_outcome tick(round_id round, instant now);
    /// The host reveals the answer before the deadline.
    round_outcome reveal(round_id round, learner_id by, instant now);
    /// The host asks the next question (or, after the last one, ends the round with the scoreboard).
    round_outcome next(round_id round, learner_id by, instant now);
    /// The host ends the round: the scoreboard.
    round_outcome end(round_id round, learner_id by, instant now);
    /// The round as it stands, with how `learner`'s answer is judged once revealed (in `lang`). Changes nothing.
    round_outcome look(round_id round, learner_id learner, language lang, instant now);
    /// The questions `learner` missed in the round, in the order asked.
    std::vector<question_key> misses(round_id round, learner_id learner);
    /// Every round with a question open, and when it closes.
    std::vector<round_deadline> open_deadlines();

    /// Tells `listener` (which must outlive the service; null: nobody) of every accepted answer, after its commit.
    void listen(answer_listener* listener) noexcept { listener_ = listener; }

private:
    unit_of_work_factory& units_;
    const pack_library& packs_;
    tutor_config config_;
    priors_cache priors_;
    answer_listener* listener_ = nullptr;
};

} // namespace quiz::engine
