// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/pack_index.hpp"
#include "engine/learner/learner_model.hpp"
#include "engine/learner/tutor_config.hpp"
#include "engine/tutor/next_question.hpp"
#include "engine/tutor/tutor_outcomes.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace quiz::engine {

// A learner's own quiz session as a state machine on plain values:
//   open_session -> present_next -> (asking) -> answer_current -> (answered) -> present_next ... -> ended.
// The state is serializable as it is (ids, keys, numbers, instants): storage keeps it between user actions.

enum class session_phase : std::uint8_t {
    asking,   ///< a question is on screen and waits for an answer
    answered, ///< the feedback is on screen; next asks the next question
    ended,
};
enum class session_scope : std::uint8_t {
    everything,   ///< reviews, new questions, then practice
    reviews_only, ///< due reviews only (and the retries and follow-ups they lead to)
};

struct session_options {
    session_scope scope = session_scope::everything;
    std::optional<concept_key> only_concept; ///< only this concept's questions
    int length = 0;                          ///< questions before the session ends; 0: tutor_config::session_length
    friend bool operator==(const session_options&, const session_options&) = default;
};

/// The question on screen.
struct shown_question {
    question_key question;
    std::vector<std::uint32_t> order; ///< order[display position] = choice in pack order
    pick_reason reason = pick_reason::review;
    instant shown_at;
    friend bool operator==(const shown_question&, const shown_question&) = default;
};

/// A question missed in this session, asked again once `ready_at` questions have been presented.
struct queued_retry {
    question_key question;
    std::uint32_t ready_at = 0;
    friend bool operator==(const queued_retry&, const queued_retry&) = default;
};

struct session_result {
    question_key question;
    pick_reason reason = pick_reason::review;
    bool correct = false;
    friend bool operator==(const session_result&, const session_result&) = default;
};

struct session_state {
    session_id id;
    learner_id learner;
    std::optional<workspace_id> workspace;
    pack_key pack;
    venue where = venue::dm;
    language lang = language::en;
    session_options options;
    std::uint64_t seed = 0; ///< shuffles the choices
    instant started_at;
    session_phase phase = session_phase::asking;
    std::uint32_t sequence = 0; ///< presentations so far: the current question's token
    std::optional<shown_question> current;
    std::vector<queued_retry> retries;
    std::optional<question_key> follow_up; ///< planned by the last wrong answer
    std::vector<session_result> results;
    int planned = 0;
    friend bool operator==(const session_state&, const session_state&) = default;
};

/// A new session; nothing is on screen until present_next.
[[nodiscard]] session_state open_session(learner_id learner, std::optional<workspace_id> workspace, pack_key pack,
                                         venue where, language lang, session_options options, std::uint64_t seed,
                                         instant now);

/// The session's question budget.
[[nodiscard]] int session_length(const session_state& state, const tutor_config& config) noexcept;

/// Chooses and shows the next question, or ends the session (nullopt) when its length is reached with nothing
/// queued, or nothing is left to ask.
std::optional<question_card> present_next(session_state& state, const pack_index& index, const learner_model& model,
                                          const tutor_config& config, instant now);

/// The card of the question on screen (to show it again).
[[nodiscard]] question_card current_card(const session_state& state, const pack_index& index,
                                         const learner_model& model, const tutor_config& config, instant now);

enum class answer_check : std::uint8_t {
    accepted,
    stale,          ///< not the question on screen (an old message, a second click): nothing is recorded
    invalid_choice, ///< no such choice
    ended,          ///< the session is over
};
[[nodiscard]] answer_check check_answer(const session_state& state, const session_token& token, std::uint32_t displayed,
                                        const pack_index& index) noexcept;

struct session_answer {
    feedback told;
    answer_effect effect;
    std::uint32_t chosen = 0; ///< pack order
    std::chrono::milliseconds response_time{0};
};

/// Records the answer to the question on screen (check_answer must have accepted it): updates the learner's
/// model, queues a missed question again, plans a misconception follow-up, and returns the feedback.
session_answer answer_current(session_state& state, const pack_index& index, learner_model& model,
                              std::uint32_t displayed, instant now, const tutor_config& config);

/// Builds the feedback for an answer (also used to replay a recorded one).
[[nodiscard]] feedback make_feedback(const pack_index& index, std::uint32_t q, const std::vector<std::uint32_t>& order,
                                     std::uint32_t chosen, language lang);

[[nodiscard]] session_summary summarize(const session_state& state, const pack_index& index, const learner_model& model,
                                        const tutor_config& config, instant now, int streak_days);

void end_session(session_state& state) noexcept;

} // namespace quiz::engine
