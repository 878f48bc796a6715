// SPDX-License-Identifier: MIT
#pragma once

#include "engine/fsrs/fsrs_model.hpp"

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace quiz::engine::fsrs {

/// Review times have JavaScript Date's precision so that schedules match ts-fsrs to the millisecond.
using timestamp = std::chrono::sys_time<std::chrono::milliseconds>;

enum class card_state : std::uint8_t { new_card = 0, learning = 1, review = 2, relearning = 3 };

/// "new", "learning", "review", "relearning".
[[nodiscard]] std::string_view name(card_state state) noexcept;

/// One card's scheduling state, as ts-fsrs's Card (without its deprecated elapsed_days).
struct card {
    card_state state = card_state::new_card;
    double stability = 0.0;  ///< days; 0 while new
    double difficulty = 0.0; ///< 1 to 10; 0 while new
    int scheduled_days = 0;
    int learning_step = 0; ///< index of the current (re)learning step
    int reps = 0;
    int lapses = 0;
    std::optional<timestamp> last_review;
    timestamp due{};

    friend bool operator==(const card&, const card&) = default;
};

/// A card never reviewed, due at `now` (ts-fsrs createEmptyCard).
[[nodiscard]] card new_card(timestamp now) noexcept;

struct scheduler_options {
    parameters w = default_parameters; ///< clamped by the scheduler like ts-fsrs does
    double desired_retention = 0.9;    ///< in (0, 1]
    int maximum_interval = 36500;      ///< days, >= 1
    /// true: ts-fsrs's BasicScheduler (same-day reviews use the short-term formula, learning steps apply);
    /// false: its LongTermScheduler (no steps, again <= hard <= good <= easy all at least a day apart).
    bool short_term = true;
    std::vector<std::chrono::minutes> learning_steps;   ///< e.g. {1min, 10min}; empty: FSRS schedules at once
    std::vector<std::chrono::minutes> relearning_steps; ///< e.g. {10min}
    /// Fuzz on when set: ts-fsrs's fuzz ranges and its Alea PRNG seeded with "<seed>_<ms>_<reps>_<D*S>"
    /// (ts-fsrs's default seed text "<ms>_<reps>_<D*S>" prefixed by ours), so a run is reproducible.
    std::optional<std::uint64_t> fuzz_seed;
};

/// Why options were refused, or nullopt when they are usable.
[[nodiscard]] std::optional<std::string_view> validate(const scheduler_options& options) noexcept;

/// Parses ts-fsrs step lists such as "1m,10m", "1h", "1d" (whole numbers of minutes, hours, days); an empty
/// text is no steps. nullopt on anything else.
[[nodiscard]] std::optional<std::vector<std::chrono::minutes>> parse_steps(std::string_view text);

/// Days between the UTC calendar dates of two instants (ts-fsrs dateDiffInDays), not elapsed 24-hour periods.
[[nodiscard]] int calendar_days_between(timestamp earlier, timestamp later) noexcept;

/// FSRS-6 scheduling that reproduces ts-fsrs 5.4.2 (`fsrs(params).next(card, now, rating)`): the same formulas,
/// each intermediate rounded to 8 decimals with JavaScript's Math.round, the same interval rules. Pure: time is
/// an argument and fuzz comes from the seed in the options.
class scheduler {
public:
    /// Throws std::invalid_argument when validate() refuses the options.
    explicit scheduler(scheduler_options options);

    /// The card after a review at `now` (not before the card's last review's calendar day).
    [[nodiscard]] card review(const card& current, timestamp now, rating g) const;

    /// The card after each possible rating, indexed by rating - 1 (ts-fsrs repeat()).
    [[nodiscard]] std::array<card, 4> preview(const card& current, timestamp now) const;

    /// The retrievability the scheduler uses at `now`: the forgetting curve at the calendar days since the last
    /// review, to 8 decimals; 0 for a new card.
    [[nodiscard]] double retrievability(const card& current, timestamp now) const;

    [[nodiscard]] const scheduler_options& options() const noexcept { return options_; }
    /// round8((r^(1/decay) - 1) / factor): the interval in units of stability; 1 at r = 0.9.
    [[nodiscard]] double interval_modifier() const noexcept { return interval_modifier_; }

    // ts-fsrs FSRSAlgorithm's rounded building blocks, exposed for tests and tools.
    [[nodiscard]] double forgetting_curve(double elapsed_days, double stability) const;
    [[nodiscard]] double initial_difficulty(rating g) const;
    [[nodiscard]] double next_difficulty(double difficulty, rating g) const;
    [[nodiscard]] double next_recall_stability(double difficulty, double stability, double r, rating g) const;
    [[nodiscard]] double next_forget_stability(double difficulty, double stability, double r) const;
    [[nodiscard]] double next_short_term_stability(double stability, rating g) const;
    /// ts-fsrs next_state: `state` nullopt (or {0, 0}) is a new card; `r` defaults to the forgetting curve.
    [[nodiscard]] memory_state next_state(std::optional<memory_state> state, int elapsed_days, rating g,
                                          std::optional<double> r = std::nullopt) const;
    /// The interval in whole days for a stability, before fuzz.
    [[nodiscard]] int next_interval(double stability) const;

private:
    struct review_context;
    /// Computes the cards of the `wanted` ratings into *all and returns g's. Only the `complete` ones are whole;
    /// the others serve the interval ordering (their stability and interval are right, their difficulty is not).
    [[nodiscard]] card schedule(const card& current, timestamp now, rating g, unsigned wanted, unsigned complete,
                                std::array<card, 4>* all) const;
    [[nodiscard]] int fuzzed(int interval, int elapsed_days, const review_context& context) const;
    [[nodiscard]] double recall_growth(double difficulty, double stability, double r) const;
    [[nodiscard]] double recall_stability_from(double stability, double growth, rating g) const;

    scheduler_options options_;
    double decay_ = 0.0;
    double factor_ = 0.0;
    double interval_modifier_ = 0.0;
    double easy_initial_difficulty_ = 0.0; ///< round8(D0(Easy)), the mean-reversion target
    double exp_w8_ = 0.0;
    std::array<double, 4> short_term_growth_{}; ///< e^(w17 (G - 3 + w18)) per rating
    double lapse_divisor_ = 1.0;                ///< e^(w17 w18) with short-term scheduling, else 1
};

} // namespace quiz::engine::fsrs
