// SPDX-License-Identifier: MIT
#include "engine/recall/recall_predictor.hpp"

#include "engine/recall/recall_fitting.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <unordered_map>

namespace quiz::engine::recall {

namespace {

constexpr auto index_of(model m) noexcept { return static_cast<std::size_t>(m); }

/// What the predictor remembers about one card between its reviews.
struct card_track {
    timestamp last_time{};
    std::int64_t last_day = 0;
    std::size_t long_term_reviews = 0; ///< reviews after the first with elapsed days > 0
    std::size_t lapses = 0;            ///< Again answers among those
    fsrs::memory_state default_state{};
    fsrs::memory_state fitted_state{};
    std::size_t fitted_version = 0; ///< the parameter version fitted_state was computed with
};

fsrs::memory_state replay(const fsrs::parameters& w, const fsrs::training_card& history, bool short_term)
{
    auto state = fsrs::initial_state(w, history.front().grade);
    for (std::size_t i = 1; i < history.size(); ++i) {
        state = fsrs::next_state(w, state, history[i].elapsed_days, history[i].grade, short_term);
    }
    return state;
}

} // namespace

std::string_view name(model m) noexcept
{
    switch (m) {
    case model::fsrs_default:
        return "default";
    case model::fsrs_fitted:
        return "fitted";
    case model::tutor:
        return "tutor";
    }
    return "?";
}

std::optional<model> parse_model(std::string_view text) noexcept
{
    for (const auto m : all_models) {
        if (name(m) == text) {
            return m;
        }
    }
    return std::nullopt;
}

prediction_run predict_recall(std::span<const logged_review> log, const predictor_options& options)
{
    const bool short_term = options.fit.short_term;

    // The per-card order check, in input order.
    {
        std::unordered_map<std::int64_t, timestamp> latest;
        for (std::size_t row = 0; row < log.size(); ++row) {
            const auto [it, inserted] = latest.try_emplace(log[row].card.value(), log[row].time);
            if (!inserted && log[row].time < it->second) {
                throw std::invalid_argument("row " + std::to_string(row) + ": card " +
                                            std::to_string(log[row].card.value()) +
                                            " has a review earlier than its previous one");
            }
            it->second = log[row].time;
        }
    }

    const auto order = time_order(log);

    // Dense card indices in order of first review, for the same reason (the fit shuffles cards by index).
    std::unordered_map<std::int64_t, std::size_t> card_index;
    std::vector<std::size_t> card_of_row(log.size());
    for (const auto row : order) {
        card_of_row[row] = card_index.try_emplace(log[row].card.value(), card_index.size()).first->second;
    }

    std::vector<card_track> cards(card_index.size());
    std::vector<fsrs::training_card> histories(card_index.size());
    std::vector<std::optional<predicted_review>> by_row(log.size());

    prediction_run run;
    fsrs::parameters fitted = fsrs::default_parameters;
    std::size_t version = 0;
    std::size_t labelled = 0;
    std::size_t labelled_at_last_fit = 0;
    fit_schedule schedule = options.tutor;
    schedule.clock = options.clock;
    schedule.fit = options.fit;
    online_recall tutor(schedule);
    std::int64_t current_day = std::numeric_limits<std::int64_t>::min();
    std::vector<logged_review> group;

    for (std::size_t first = 0; first < order.size();) {
        const timestamp now = log[order[first]].time;
        std::size_t last = first;
        while (last < order.size() && log[order[last]].time == now) {
            ++last;
        }

        const std::int64_t today = options.clock.day_number(now);
        if (today != current_day) {
            current_day = today;
            if (options.fit_models) {
                const bool due =
                    labelled >= options.fit.minimum_items &&
                    (run.fits == 0 || static_cast<double>(labelled) >=
                                          static_cast<double>(labelled_at_last_fit) * (1.0 + options.refit_growth));
                if (due) {
                    const auto result = fsrs::fit_parameters(histories, options.fit);
                    if (result.fitted) {
                        fitted = result.w;
                        ++version;
                        ++run.fits;
                    }
                    labelled_at_last_fit = labelled;
                }
            }
        }

        for (std::size_t k = first; k < last; ++k) {
            const std::size_t row = order[k];
            const logged_review& review = log[row];
            const std::size_t c = card_of_row[row];
            card_track& card = cards[c];
            auto& history = histories[c];
            const bool pass = passed(review.grade);

            if (history.empty()) {
                card.default_state = fsrs::initial_state(fsrs::default_parameters, review.grade);
                card.fitted_state = fsrs::initial_state(fitted, review.grade);
                card.fitted_version = version;
                history.push_back({0.0, review.grade});
                card.last_time = review.time;
                card.last_day = today;
                continue;
            }

            if (card.fitted_version != version) {
                card.fitted_state = replay(fitted, history, short_term);
                card.fitted_version = version;
            }
            const std::int64_t days = today - card.last_day;
            const double elapsed =
                days > 0 ? static_cast<double>(days)
                         : std::chrono::duration<double, std::ratio<86400>>(review.time - card.last_time).count();
            predicted_review out;
            out.row = row;
            out.passed = pass;
            out.elapsed_days = days;
            out.bin = bin_of(days, card.long_term_reviews + (days > 0 ? 1U : 0U), card.lapses);
            out.p[index_of(model::fsrs_default)] =
                fsrs::retrievability(fsrs::default_parameters, elapsed, card.default_state.stability);
            if (options.fit_models) {
                out.p[index_of(model::fsrs_fitted)] =
                    fsrs::retrievability(fitted, elapsed, card.fitted_state.stability);
                out.p[index_of(model::tutor)] = tutor.predict(review.card, review.time).value_or(0.5);
            } else {
                out.p[index_of(model::fsrs_fitted)] = out.p[index_of(model::fsrs_default)];
                out.p[index_of(model::tutor)] = out.p[index_of(model::fsrs_default)];
            }
            by_row[row] = out;

            // The card's own state moves on at once (a card cannot be answered twice at the same instant in
            // practice); the learner-level state waits for the end of the timestamp.
            const auto delta = static_cast<double>(days);
            card.default_state =
                fsrs::next_state(fsrs::default_parameters, card.default_state, delta, review.grade, short_term);
            card.fitted_state = fsrs::next_state(fitted, card.fitted_state, delta, review.grade, short_term);
            history.push_back({delta, review.grade});
            if (days > 0) {
                ++card.long_term_reviews;
                ++labelled;
                if (!pass) {
                    ++card.lapses;
                }
            }
            card.last_time = review.time;
            card.last_day = today;
        }

        if (options.fit_models) {
            group.clear();
            for (std::size_t k = first; k < last; ++k) {
                group.push_back(log[order[k]]);
            }
            tutor.record(group);
        }
        first = last;
    }

    run.last_parameters = fitted;
    run.tutor_model = tutor.model();
    for (auto& prediction : by_row) {
        if (prediction) {
            run.reviews.push_back(*prediction);
        }
    }
    return run;
}

std::string_view name(review_span span) noexcept
{
    switch (span) {
    case review_span::all:
        return "all";
    case review_span::same_day:
        return "same_day";
    case review_span::later_day:
        return "later_day";
    }
    return "?";
}

metrics evaluate(const prediction_run& run, model m, review_span span)
{
    std::vector<scored_review> scored;
    scored.reserve(run.reviews.size());
    for (const auto& review : run.reviews) {
        if ((span == review_span::same_day && review.elapsed_days > 0) ||
            (span == review_span::later_day && review.elapsed_days <= 0)) {
            continue;
        }
        scored.push_back({review.probability(m), review.passed, review.bin});
    }
    return evaluate(scored);
}

} // namespace quiz::engine::recall
