// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/pack_index.hpp"
#include "engine/learner/learner_memory.hpp"
#include "engine/learner/memory_table.hpp"
#include "engine/learner/tutor_config.hpp"
#include "engine/recall/learner_recall_model.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace quiz::engine {

/// The population's ease (logit) per question of a pack, laid out along its index: how likely a learner is to know
/// a question they have never answered (cold start). Computed once per pack and population figures and shared by
/// every learner's model, so that loading a model does not cost a pass over the pack.
struct population_priors {
    std::vector<double> ease;
};

/// The priors of `index`'s questions from their first-attempt figures (attempt_log::first_attempt_stats).
[[nodiscard]] std::shared_ptr<const population_priors>
make_population_priors(const pack_index& index, std::span<const question_stats> population, const tutor_config& config);

/// What the due days a model keeps (memory_table::days, due.cpp) were computed with: when any of it differs from
/// the query's, they are all computed again.
struct due_basis {
    bool set = false;
    double target_retention = 0.0;
    int maximum_interval = 0;
    recall::learner_recall_model recall;
    std::vector<double> factors; ///< per group of questions (group_view::factor)
};

/// What the tutor knows about one learner in one pack, laid out along a pack_index: memory[q] is question q
/// (attempts == 0 when never answered; only the questions met are stored), skills[c] concept c. Built from the
/// stored rows for each user action.
struct learner_model {
    memory_table memory;
    std::vector<concept_skill> skills;
    std::shared_ptr<const population_priors> priors; ///< the pack's, shared
    std::vector<std::uint8_t> open_misconception;    ///< per misconception: shown by a wrong answer, not yet overcome
    /// Per concept: the mean form of all learners (0 when unknown). Due dates move with the learner's form
    /// relative to it, so that a model bias shared by everyone does not move everyone's schedule.
    std::vector<double> typical_form;
    /// The learner's latest right answers' response times in sessions, oldest first (at most
    /// config.response_time.window); loaded only when config.grade_by_response_time.
    std::vector<std::chrono::milliseconds> recent_right_times;
    /// The learner's memory model (their fitted parameters, calibration and same-day rates; the defaults until a
    /// fit is adopted): every recall probability of a seen question comes from it.
    recall::learner_recall_model recall;
    /// What memory.days()'s due days were computed with (due.cpp); derived, hence mutable.
    mutable due_basis due_days_basis;

    /// The population's ease (logit) of question q, for cold start.
    [[nodiscard]] double ease(std::uint32_t q) const noexcept { return priors->ease[q]; }
};

/// Lays out the stored rows along `index`, on the pack's shared `priors`. Rows of questions or concepts the pack no
/// longer has are ignored. `typical` holds the mean form of all learners per concept (progress_store::typical_forms).
/// Its cost follows the rows, not the pack's questions.
[[nodiscard]] learner_model learner_model_on(std::shared_ptr<const population_priors> priors, const pack_index& index,
                                             std::span<const question_memory> memories,
                                             std::span<const concept_skill> skills, const tutor_config& config,
                                             std::span<const concept_skill> typical = {});

/// Lays `typical` (progress_store::typical_forms) along `index` as the model's typical_form.
void set_typical_forms(learner_model& model, const pack_index& index, std::span<const concept_skill> typical);

/// The same, with priors made from `population` for this model alone.
[[nodiscard]] learner_model make_learner_model(const pack_index& index, std::span<const question_memory> memories,
                                               std::span<const concept_skill> skills,
                                               std::span<const question_stats> population, const tutor_config& config,
                                               std::span<const concept_skill> typical = {});

/// The learner's mean form over the concepts of question q.
[[nodiscard]] double question_form(const pack_index& index, const learner_model& model, std::uint32_t q) noexcept;

/// The learner's form on q's concepts relative to the typical learner's: what moves q's due date.
[[nodiscard]] double schedule_form(const pack_index& index, const learner_model& model, std::uint32_t q) noexcept;

/// Days from the last review to now, with the fraction of the day.
[[nodiscard]] inline double elapsed_days(instant last_review, instant now) noexcept
{
    constexpr double ms_per_day = 86'400'000.0;
    return std::max(0.0, static_cast<double>((now - last_review).count()) / ms_per_day);
}

/// What the memory model reads of a question's memory: FSRS state, answers, lapses and the last outcome (a wrong
/// answer leaves the card relearning, a right one in review).
[[nodiscard]] recall::card_view card_view_of(const question_memory& memory) noexcept;

/// UTC day boundaries crossed since the question's last answer (0 on the same day).
[[nodiscard]] std::int64_t whole_days_since(const question_memory& memory, instant now) noexcept;

/// The memory model's recall probability for a seen question at `now` (1 for an unseen one).
[[nodiscard]] double memory_recall(const learner_model& model, const question_memory& memory, instant now) noexcept;

/// The probability that the learner knows the answer to q at `now`: the memory model's for a seen question (the
/// one `srs predict --model tutor` evaluates); the population's ease plus the learner's form for an unseen one.
[[nodiscard]] double predicted_recall(const pack_index& index, const learner_model& model, std::uint32_t q, instant now,
                                      const tutor_config& config) noexcept;

/// The interval in stability units that brings FSRS recall under parameters `w`, corrected by `form` (relative to
/// the typical learner's, as config.form_moves_due says; by default it does not), down to the target retention.
[[nodiscard]] double interval_factor(double form, const tutor_config& config, const fsrs::parameters& w) noexcept;
/// Whole days until a question of this stability is due again: round(S × factor), at least 1 (a learner without a
/// calibration layer; with one, recall::days_until).
[[nodiscard]] inline int interval_days(double stability, double factor, const tutor_config& config) noexcept
{
    const double days = std::round(stability * factor);
    return static_cast<int>(std::clamp(days, 1.0, static_cast<double>(config.maximum_interval)));
}

/// UTC day number (days since 1970-01-01) of an instant.
[[nodiscard]] std::int64_t day_number(instant t) noexcept;

/// How many questions the learner answered for the first time on `now`'s UTC day.
[[nodiscard]] int introduced_today(const learner_model& model, instant now) noexcept;

/// What one answer changed.
struct answer_effect {
    std::uint32_t question = 0;
    bool correct = false;
    bool first_attempt = false;
    fsrs::rating rating = fsrs::rating::again;
    double predicted = 0.0;                     ///< probability of a right answer before it was given
    std::optional<std::uint32_t> misconception; ///< of the chosen choice, when wrong
    int interval_days = 0;
    instant next_due;
    std::vector<std::uint32_t> also_changed; ///< other questions whose memory changed (a misconception overcome)
};

/// Applies an answer (choice `chosen` in pack order) to the learner's memory of q and form on its concepts.
/// Grading: wrong is Again, right is Good; with config.grade_by_response_time and a `response_time`, a right answer
/// is Hard or Easy when slow or fast against model.recent_right_times (which it then extends). The first answer goes
/// through cold start; later ones through FSRS-6 with the learner's parameters (model.recall.w) and the same-day
/// formula for a second answer on the same day. The next due date is when the memory model's recall reaches the
/// target retention.
answer_effect apply_answer(const pack_index& index, learner_model& model, std::uint32_t q, std::uint32_t chosen,
                           instant now, const tutor_config& config,
                           std::optional<std::chrono::milliseconds> response_time = std::nullopt);

} // namespace quiz::engine
