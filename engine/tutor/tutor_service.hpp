// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/pack_index.hpp"
#include "engine/learner/priors_cache.hpp"
#include "engine/learner/tutor_config.hpp"
#include "engine/tutor/model_cache.hpp"
#include "engine/tutor/ports.hpp"
#include "engine/tutor/recall_refit.hpp"
#include "engine/tutor/session.hpp"
#include "engine/tutor/tutor_outcomes.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace quiz::engine {

// The learner's use cases. Each one is one user action: it opens a unit of work, loads, calls the pure core
// (session.hpp, learner_model.hpp), saves, and commits. Time and seeds come with the request.

struct start_request {
    learner_id learner;
    std::optional<workspace_id> workspace;
    pack_key pack;
    venue where = venue::dm;
    std::optional<language> lang; ///< nullopt: the learner's profile language
    session_options options;
    std::uint64_t seed = 0; ///< shuffles the choices of this session
    instant now;
    /// Asked first, in this order, as retries whose turn has come (a group round's misses); with options.length
    /// left at 0, the session is as long as this list.
    std::vector<question_key> review_first;
};

enum class session_status : std::uint8_t {
    ok,
    unknown_pack,
    no_session, ///< no such session, or not this learner's
};

/// What start, next and end return: the question on screen, or the summary once the session has ended.
struct session_outcome {
    session_status status = session_status::ok;
    session_id session;
    language lang = language::en;
    std::optional<question_card> card;
    std::optional<session_summary> summary;
    pack_key pack; ///< the session's pack, for guide links (empty when there is no such session)
};

struct answer_request {
    learner_id learner;
    session_token token;         ///< the token of the card the answer was given on
    std::uint32_t displayed = 0; ///< display position (0 = A)
    idempotency_key key;
    instant now;
    /// Also present what comes next (the next question, or the summary) in the same unit of work, for front ends
    /// that show the feedback and the next card together. Only done when the answer is accepted.
    bool then_next = false;
};

enum class answer_status : std::uint8_t {
    accepted,
    replayed, ///< the same key was recorded before: the recorded outcome, nothing new recorded
    stale,    ///< not the question on screen: nothing recorded
    invalid_choice,
    ended,
    no_session,
};

struct answer_outcome {
    answer_status status = answer_status::no_session;
    language lang = language::en;
    std::optional<feedback> told;
    /// What comes next, when the request asked for it (then_next) and the answer was accepted.
    std::optional<session_outcome> next;
    pack_key pack; ///< the session's pack, for guide links (empty when there is no such session)
};

/// A learner's session still under way.
struct active_session {
    session_id session;
    pack_key pack;
    std::uint32_t sequence = 0; ///< the question on screen (its token's sequence)
};

class tutor {
public:
    /// `units` and `packs` must outlive the tutor. The target retention is resolved here (with_target_retention).
    tutor(unit_of_work_factory& units, const pack_library& packs, tutor_config config = {});

    /// Starts a session (ending the learner's active one) and shows its first question, or its summary at once
    /// when there is nothing to ask.
    session_outcome start_session(const start_request& request);

    /// Records an answer once per idempotency key and returns the feedback (and, with then_next, what comes next:
    /// the same as a following next_question, without a second load of the learner).
    answer_outcome answer(const answer_request& request);

    /// After the feedback: the next question, or the summary. On a question still waiting for its answer, shows
    /// it again.
    session_outcome next_question(learner_id learner, session_id session, instant now);

    /// Ends the session and returns its summary.
    session_outcome end_session(learner_id learner, session_id session, instant now);

    /// The learner's session still under way (not ended), if any: its id, pack and the token of its question on
    /// screen. Reads only.
    [[nodiscard]] std::optional<active_session> active(learner_id learner);

    /// The learner's progress in a pack (nullopt for an unknown pack). Reads only.
    std::optional<learner_stats> stats(learner_id learner, const pack_key& pack, instant now,
                                       std::optional<language> lang = std::nullopt);

    [[nodiscard]] const tutor_config& config() const noexcept { return config_; }

    /// How often an action found the learner's model kept from their previous one (benchmarks, metrics).
    [[nodiscard]] model_cache::counts kept_models() const { return models_.counted(); }

    /// Tells `listener` (which must outlive the tutor; null: nobody) of every accepted answer, after its commit.
    void listen(answer_listener* listener) noexcept { listener_ = listener; }

private:
    unit_of_work_factory& units_;
    const pack_library& packs_;
    tutor_config config_;
    priors_cache priors_;
    model_cache models_;
    answer_listener* listener_ = nullptr;
};

} // namespace quiz::engine
