// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/language.hpp"
#include "engine/core/pack.hpp"
#include "engine/core/tutor_ids.hpp"
#include "engine/fsrs/fsrs_scheduler.hpp"
#include "engine/recall/learner_recall_model.hpp"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace quiz::engine {

/// What one learner remembers of one question. A question never answered has no row (or attempts == 0).
struct question_memory {
    question_key question;
    std::string content_hash; ///< the version of the text last answered
    /// FSRS state. The tutor moves it with the FSRS-6 formulas: state new until the first answer, review after;
    /// `due` and `scheduled_days` are the plan made at the last answer (reminders use them).
    fsrs::card card;
    int attempts = 0;
    int wrong = 0;
    std::optional<std::uint32_t> last_wrong_choice;      ///< pack order
    std::optional<misconception_key> last_misconception; ///< of the last wrong choice; cleared by a right answer
    std::optional<bool> first_attempt_correct;
    std::optional<instant> first_answered_at;

    [[nodiscard]] bool seen() const noexcept { return attempts > 0; }
    friend bool operator==(const question_memory&, const question_memory&) = default;
};

/// A learner's form on one concept: how much better (> 0) or worse (< 0) than the memory model expects they
/// answer its questions, as a logit offset learnt Elo-style (docs/tutor.md, "Concept mastery").
struct concept_skill {
    concept_key key;
    double form = 0.0;
    int answers = 0;
    int correct = 0;
    friend bool operator==(const concept_skill&, const concept_skill&) = default;
};

/// Every learner's first attempts at one question: the population's view of its difficulty.
struct question_stats {
    question_key question;
    int first_attempts = 0;
    int first_correct = 0;
    friend bool operator==(const question_stats&, const question_stats&) = default;
};

/// What the tutor keeps about a learner across packs.
struct learner_profile {
    learner_id id;
    language lang = language::en;
    std::optional<std::int64_t> last_study_day; ///< UTC day number (days since 1970-01-01) of the last answer
    int streak_days = 0;                        ///< consecutive study days ending on last_study_day
    int best_streak_days = 0;
    /// Storage's mark of the learner's progress, new at every change (learner_store::save): a model kept between
    /// actions is current while it is unchanged.
    std::uint64_t progress_version = 0;
    friend bool operator==(const learner_profile&, const learner_profile&) = default;
};

/// A learner's fitted memory model as stored with their profile.
struct stored_recall_model {
    recall::learner_recall_model model;
    std::size_t reviews = 0; ///< the answers in the history it was fitted on
    instant fitted_at;
    friend bool operator==(const stored_recall_model&, const stored_recall_model&) = default;
};

/// One past answer as the memory model is fitted from it.
struct answer_outline {
    pack_key pack;
    question_key question;
    fsrs::rating rating = fsrs::rating::again;
    instant answered_at;
    std::chrono::milliseconds response_time{0};
    friend bool operator==(const answer_outline&, const answer_outline&) = default;
};

/// One answer, as the append-only log records it. Enough to report on it later and to give the same feedback
/// again when the same action is delivered twice.
struct attempt_record {
    attempt_id id; ///< assigned by the log
    idempotency_key key;
    learner_id learner;
    std::optional<workspace_id> workspace;
    pack_key pack;
    question_key question;
    std::string content_hash;               ///< the version the learner saw
    std::uint32_t chosen = 0;               ///< pack order
    std::uint32_t displayed_as = 0;         ///< the position it was shown at (0 = A)
    std::vector<std::uint32_t> shown_order; ///< shown_order[display position] = choice in pack order
    bool correct = false;
    fsrs::rating rating = fsrs::rating::again;
    bool first_attempt = false;
    std::chrono::milliseconds response_time{0};
    venue where = venue::dm;
    std::optional<session_id> session;
    std::optional<round_id> round;
    instant answered_at;
    // What the learner was told.
    instant next_due;                      ///< when the question comes back
    bool retry_in_session = false;         ///< it also comes back later in the same session
    std::optional<question_key> follow_up; ///< the follow-up on the same misconception this answer announced
    friend bool operator==(const attempt_record&, const attempt_record&) = default;
};

} // namespace quiz::engine
