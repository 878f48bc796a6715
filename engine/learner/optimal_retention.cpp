// SPDX-License-Identifier: MIT
#include "engine/learner/optimal_retention.hpp"

#include "engine/learner/learner_model.hpp"

#include <cmath>
#include <functional>
#include <map>
#include <mutex>
#include <stdexcept>
#include <utility>
#include <vector>

namespace quiz::engine {

namespace {

// The questions reviewed on one day, by memory state. States within 10 % of stability and 0.5 of difficulty share
// a bucket (at their weighted mean), so the number of branches stays bounded however many reviews the horizon holds.
struct bucket {
    double weight = 0.0;
    double stability = 0.0;  ///< Σ weight × S
    double difficulty = 0.0; ///< Σ weight × D
};
using day_buckets = std::map<std::pair<long, long>, bucket>;

constexpr double stability_bin = 0.1; // on log S
constexpr double difficulty_bin = 0.5;
// Branches less likely than this are dropped (with their knowledge and their cost).
constexpr double negligible = 1e-6;

void add(day_buckets& day, const fsrs::memory_state& state, double weight)
{
    if (weight < negligible) {
        return;
    }
    auto& b =
        day[{std::lround(std::log(state.stability) / stability_bin), std::lround(state.difficulty / difficulty_bin)}];
    b.weight += weight;
    b.stability += weight * state.stability;
    b.difficulty += weight * state.difficulty;
}

/// After a miss that left `lapsed`: with the retry, a right answer later the same day.
fsrs::memory_state retried(const retention_question& question, const fsrs::memory_state& lapsed)
{
    return question.retry ? fsrs::next_state(question.w, lapsed, 0.0, fsrs::rating::good, true) : lapsed;
}

} // namespace

retention_value evaluate_retention(const retention_question& question, double retention)
{
    if (question.horizon_days < 1) {
        throw std::invalid_argument("the horizon must be at least one day");
    }
    tutor_config config;
    config.w = question.w;
    config.target_retention = retention;
    config.form_moves_due = form_scheduling::none;
    config.maximum_interval = question.maximum_interval;
    const double factor = interval_factor(0.0, config, config.w);
    const auto& costs = question.costs;
    const double miss_cost = costs.wrong + (question.retry ? costs.right : 0.0);
    const int horizon = question.horizon_days;
    // R(t, S) = (1 + curve t / S)^decay, with the constants computed once.
    const double curve = fsrs::curve_factor(question.w);
    const double decay = -question.w[20];
    const auto recall_after = [&](double days, double stability) {
        return std::pow(1.0 + curve * days / stability, decay);
    };

    retention_value out;
    out.retention = retention;
    std::vector<day_buckets> reviewed(static_cast<std::size_t>(horizon));
    // Day 0: the first answer, counted by every question of the stream.
    const double p_first = question.first_right;
    out.seconds += horizon * (costs.first + p_first * costs.right + (1.0 - p_first) * miss_cost);
    add(reviewed[0], fsrs::initial_state(question.w, fsrs::rating::good), p_first);
    add(reviewed[0], retried(question, fsrs::initial_state(question.w, fsrs::rating::again)), 1.0 - p_first);

    for (int day = 0; day < horizon; ++day) {
        for (const auto& [key, b] : reviewed[static_cast<std::size_t>(day)]) {
            const fsrs::memory_state state{b.stability / b.weight, b.difficulty / b.weight};
            const int interval = interval_days(state.stability, factor, config);
            const int until = std::min(day + interval, horizon);
            for (int d = day; d < until; ++d) {
                out.knowledge += b.weight * (horizon - d) * recall_after(d - day, state.stability);
            }
            if (day + interval >= horizon) {
                continue;
            }
            const double days = interval;
            const double p = recall_after(days, state.stability);
            const int next = day + interval;
            out.seconds += b.weight * (horizon - next) * (p * costs.right + (1.0 - p) * miss_cost);
            auto& later = reviewed[static_cast<std::size_t>(next)];
            add(later, fsrs::next_state(question.w, state, days, fsrs::rating::good, true), b.weight * p);
            add(later, retried(question, fsrs::next_state(question.w, state, days, fsrs::rating::again, true)),
                b.weight * (1.0 - p));
        }
        reviewed[static_cast<std::size_t>(day)].clear();
    }
    return out;
}

double optimal_retention(const retention_question& question, double floor, double ceiling)
{
    if (!(floor > 0.0 && floor <= ceiling && ceiling < 1.0)) {
        throw std::invalid_argument("the retention bounds must satisfy 0 < floor <= ceiling < 1");
    }
    // Whole hundredths: every fifth from the ceiling down, then every one within four of the best of those.
    // Going down and keeping only a strictly better value, a tie keeps the higher retention.
    const auto lowest = static_cast<int>(std::ceil(floor * 100.0 - 1e-9));
    const auto highest = static_cast<int>(std::floor(ceiling * 100.0 + 1e-9));
    if (lowest >= highest) {
        return floor; // no two hundredths to choose from
    }
    std::map<int, double, std::greater<>> value; // hundredths → knowledge per minute, highest first
    const auto evaluate = [&](int h) {
        if (!value.contains(h)) {
            value[h] = evaluate_retention(question, h / 100.0).per_minute();
        }
    };
    const auto best = [&] {
        // The map runs from the highest retention down; only a strictly better value replaces the best.
        auto top = value.begin();
        for (auto it = value.begin(); it != value.end(); ++it) {
            if (it->second > top->second) {
                top = it;
            }
        }
        return top->first;
    };
    for (int h = highest; h > lowest; h -= 5) {
        evaluate(h);
    }
    evaluate(lowest);
    const int coarse = best();
    for (int h = std::min(coarse + 4, highest); h >= std::max(coarse - 4, lowest); --h) {
        evaluate(h);
    }
    return best() / 100.0;
}

tutor_config with_target_retention(tutor_config config)
{
    if (config.choose_retention == retention_choice::fixed) {
        return config;
    }
    retention_question question;
    question.w = config.w;
    question.costs = config.costs;
    question.first_right = config.first_right;
    question.retry = config.retry_gap > 0;
    question.horizon_days = config.retention_horizon_days;
    question.maximum_interval = config.maximum_interval;

    // Every tutor built with the same settings gets the same answer: computed once per process (some 50 ms).
    struct known {
        retention_question question;
        double floor;
        double ceiling;
        double retention;
    };
    static std::mutex mutex;
    static std::vector<known> answers;
    const std::lock_guard lock(mutex);
    for (const auto& answer : answers) {
        if (answer.question == question && answer.floor == config.retention_floor &&
            answer.ceiling == config.retention_ceiling) {
            config.target_retention = answer.retention;
            return config;
        }
    }
    config.target_retention = optimal_retention(question, config.retention_floor, config.retention_ceiling);
    answers.push_back({question, config.retention_floor, config.retention_ceiling, config.target_retention});
    return config;
}

} // namespace quiz::engine
