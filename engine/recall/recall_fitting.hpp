// SPDX-License-Identifier: MIT
#pragma once

#include "engine/fsrs/fsrs_optimizer.hpp"
#include "engine/recall/learner_recall_model.hpp"
#include "engine/recall/review_log.hpp"

#include <cstddef>
#include <optional>
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

namespace quiz::engine::recall {

// How a learner's recall model (learner_recall_model.hpp) is fitted from their own reviews, online and causally.
// The same procedure serves the live tutor (a background fit after the answer that makes a refit due) and
// `quizbot srs predict --model tutor` (every review predicted from the model fitted on the reviews before it).

struct fit_schedule {
    day_clock clock;
    fsrs::fit_options fit;            ///< fit.minimum_items: labelled reviews before the first parameter fit
    double parameter_growth = 0.2;    ///< refit the parameters once labelled reviews grew by this fraction
    std::size_t layer_minimum = 1000; ///< later-day predictions under the current parameters before a layer fit
    double layer_growth = 0.05;       ///< refit the layer once those grew by this fraction
    double layer_ridge = 100.0;       ///< L2 pull of the layer toward the identity
    /// A candidate (parameters or layer) is fitted on all but the most recent `held_out` share of the reviews it
    /// could use, and adopted only if it beats the model in force on those recent reviews.
    double held_out = 0.2;
    /// ... by more than this many standard errors of the mean paired difference in log loss, so that noise in a
    /// small held-out set does not swap a good model for a worse one.
    double adoption_margin = 1.0;
    std::size_t same_day_minimum = 10; ///< same-day reviews before their counts are first taken in
    double same_day_growth = 0.25;     ///< and taken in again once they grew by this fraction
};

/// What a refit decision reads of a history: cheap counts, no fit.
struct history_counts {
    std::size_t labelled = 0; ///< reviews after a card's first, on a later day
    std::size_t same_day = 0; ///< reviews after a card's first, on the same day
};

/// Counts a history's reviews (any order of cards; each card's reviews in time order).
[[nodiscard]] history_counts count_history(std::span<const logged_review> history, const day_clock& clock);

/// Whether the model, fitted on fewer reviews, is due for a refresh at these counts (a parameter fit, a layer fit or
/// new same-day counts).
[[nodiscard]] bool refresh_due(const learner_recall_model& model, const history_counts& counts,
                               const fit_schedule& schedule) noexcept;

/// The rows of a log in time order; reviews sharing a timestamp by card, then by row, so that nothing depends on how
/// the rows of different cards are interleaved.
[[nodiscard]] std::vector<std::size_t> time_order(std::span<const logged_review> log);

/// At least how many more answers (each adds one review to one count, or none) before refresh_due can hold.
[[nodiscard]] std::size_t answers_before_refresh(const learner_recall_model& model, const history_counts& counts,
                                                 const fit_schedule& schedule) noexcept;

/// The online procedure over one learner's reviews, fed timestamp by timestamp in time order.
class online_recall {
public:
    explicit online_recall(fit_schedule schedule);

    /// The tutor's probability for a review of `card` at `time`; nullopt for the card's first review.
    [[nodiscard]] std::optional<double> predict(card_key card, timestamp time) const;

    /// Takes in reviews sharing one timestamp (after predict was asked for them), then refreshes the model if due.
    void record(std::span<const logged_review> reviews);

    [[nodiscard]] const learner_recall_model& model() const noexcept { return model_; }
    /// The card's memory state as the tutor holds it now (replayed under each adopted parameter set); nullopt for a
    /// card never reviewed.
    [[nodiscard]] std::optional<fsrs::memory_state> card_state(card_key card) const;
    /// Every card's state, in order of first review.
    [[nodiscard]] std::vector<std::pair<card_key, fsrs::memory_state>> card_states() const;

private:
    struct card_track {
        fsrs::memory_state state{}; ///< moved with the parameters in force at each review, as the tutor does
        card_view view;
        std::int64_t last_day = 0;
        timestamp last_time{};
        fsrs::training_card history;  ///< for parameter fits
        std::vector<timestamp> times; ///< of each review in history
    };
    struct layer_sample {
        layer_row x{};
        bool passed = false;
    };
    struct same_day_sample {
        double fsrs_p = 1.0; ///< FSRS's recall at the time elapsed, under the parameters then in force
        bool after_pass = true;
        bool passed = false;
    };

    void refresh();
    void fit_parameters();
    void fit_layer();
    void choose_same_day_source();

    fit_schedule schedule_;
    learner_recall_model model_;
    std::unordered_map<std::int64_t, card_track> cards_;
    std::vector<card_key> card_order_;      ///< in order of first review, so that fits do not depend on hashing
    std::vector<timestamp> labelled_times_; ///< of every labelled review, in time order
    std::vector<layer_sample> samples_;     ///< later-day predictions under the current parameters, in time order
    std::vector<same_day_sample> same_day_samples_; ///< in time order
    same_day_counts same_day_;
};

/// A learner's model at the end of their history, with every card's memory state under it.
struct recall_fit {
    learner_recall_model model;
    std::vector<std::pair<card_key, fsrs::memory_state>> cards; ///< in order of first review
};

/// The online procedure over a learner's whole history (any order of rows; each card's reviews in time order): the
/// model it holds at the end. Deterministic: the same history and schedule give the same result.
[[nodiscard]] recall_fit fit_recall_model(std::span<const logged_review> history, const fit_schedule& schedule = {});

} // namespace quiz::engine::recall
