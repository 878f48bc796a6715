// SPDX-License-Identifier: MIT
#include "engine/recall/recall_fitting.hpp"

#include "engine/numeric/logistic_regression.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace quiz::engine::recall {

namespace {

std::uint32_t narrow(std::size_t n) noexcept
{
    return static_cast<std::uint32_t>(std::min<std::size_t>(n, std::numeric_limits<std::uint32_t>::max()));
}

std::size_t same_day_total(const same_day_counts& counts) noexcept
{
    return static_cast<std::size_t>(counts.after_miss) + counts.after_pass;
}

bool grown(std::size_t now, std::size_t before, double growth) noexcept
{
    return now > before && static_cast<double>(now) >= static_cast<double>(before) * (1.0 + growth);
}

double bce(double p, bool passed) noexcept
{
    const double q = std::clamp(p, 1e-6, 1.0 - 1e-6);
    return passed ? -std::log(q) : -std::log1p(-q);
}

/// The log losses of a candidate and of the model in force on the same held-out reviews, paired.
class paired_losses {
public:
    void add(double candidate, double current) noexcept
    {
        const double d = candidate - current;
        ++n_;
        sum_ += d;
        squares_ += d * d;
    }
    /// The candidate is better by more than `margin` standard errors of the mean paired difference.
    [[nodiscard]] bool candidate_wins(double margin) const noexcept
    {
        if (n_ < 2) {
            return false;
        }
        const double n = static_cast<double>(n_);
        const double mean = sum_ / n;
        const double variance = std::max(0.0, (squares_ - n * mean * mean) / (n - 1.0));
        return mean < -margin * std::sqrt(variance / n);
    }
    /// The model in force is better by more than `margin` standard errors.
    [[nodiscard]] bool candidate_loses(double margin) const noexcept
    {
        paired_losses swapped;
        swapped.n_ = n_;
        swapped.sum_ = -sum_;
        swapped.squares_ = squares_;
        return swapped.candidate_wins(margin);
    }

private:
    std::size_t n_ = 0;
    double sum_ = 0.0;
    double squares_ = 0.0;
};

/// Both parameter sets on the labelled reviews made at or after `from`, every card replayed under each.
paired_losses compare_held_out(const fsrs::parameters& candidate, const fsrs::parameters& current,
                               std::span<const fsrs::training_card> cards,
                               std::span<const std::vector<timestamp>> times, timestamp from, bool short_term)
{
    paired_losses losses;
    for (std::size_t c = 0; c < cards.size(); ++c) {
        const auto& card = cards[c];
        auto a = fsrs::initial_state(candidate, card.front().grade);
        auto b = fsrs::initial_state(current, card.front().grade);
        for (std::size_t i = 1; i < card.size(); ++i) {
            const auto& review = card[i];
            if (review.elapsed_days > 0.0 && times[c][i] >= from) {
                const bool pass = passed(review.grade);
                losses.add(bce(fsrs::retrievability(candidate, review.elapsed_days, a.stability), pass),
                           bce(fsrs::retrievability(current, review.elapsed_days, b.stability), pass));
            }
            a = fsrs::next_state(candidate, a, review.elapsed_days, review.grade, short_term);
            b = fsrs::next_state(current, b, review.elapsed_days, review.grade, short_term);
        }
    }
    return losses;
}

} // namespace

history_counts count_history(std::span<const logged_review> history, const day_clock& clock)
{
    std::unordered_map<std::int64_t, std::int64_t> last_day;
    history_counts counts;
    for (const auto& review : history) {
        const auto day = clock.day_number(review.time);
        const auto [it, first] = last_day.try_emplace(review.card.value(), day);
        if (!first) {
            ++(day > it->second ? counts.labelled : counts.same_day);
            it->second = day;
        }
    }
    return counts;
}

bool refresh_due(const learner_recall_model& model, const history_counts& counts, const fit_schedule& schedule) noexcept
{
    const bool parameters = counts.labelled >= schedule.fit.minimum_items &&
                            (model.parameters_fitted_on == 0
                                 ? counts.labelled > 0
                                 : grown(counts.labelled, model.parameters_fitted_on, schedule.parameter_growth));
    const std::size_t samples =
        counts.labelled >= model.parameters_adopted_at ? counts.labelled - model.parameters_adopted_at : 0;
    const bool layer = samples >= schedule.layer_minimum &&
                       (model.layer_fitted_on == 0 || grown(samples, model.layer_fitted_on, schedule.layer_growth));
    const std::size_t taken = same_day_total(model.same_day);
    const bool same_day = counts.same_day >= schedule.same_day_minimum &&
                          (taken == 0 || grown(counts.same_day, taken, schedule.same_day_growth));
    return parameters || layer || same_day;
}

std::size_t answers_before_refresh(const learner_recall_model& model, const history_counts& counts,
                                   const fit_schedule& schedule) noexcept
{
    if (refresh_due(model, counts, schedule)) {
        return 0;
    }
    const auto after_growth = [](std::size_t base, double growth) {
        return static_cast<std::size_t>(std::ceil(static_cast<double>(base) * (1.0 + growth)));
    };
    const auto gap = [](std::size_t target, std::size_t now) { return target > now ? target - now : 1; };
    const std::size_t parameters = std::max<std::size_t>(
        {schedule.fit.minimum_items, 1, model.parameters_fitted_on + 1U,
         model.parameters_fitted_on == 0 ? 0 : after_growth(model.parameters_fitted_on, schedule.parameter_growth)});
    const std::size_t layer = std::max<std::size_t>(
        {model.parameters_adopted_at + schedule.layer_minimum,
         model.layer_fitted_on == 0
             ? 0
             : model.parameters_adopted_at +
                   std::max<std::size_t>(model.layer_fitted_on + 1U,
                                         after_growth(model.layer_fitted_on, schedule.layer_growth))});
    const std::size_t taken = same_day_total(model.same_day);
    const std::size_t same_day =
        std::max<std::size_t>({schedule.same_day_minimum,
                               taken == 0 ? 0 : std::max(taken + 1U, after_growth(taken, schedule.same_day_growth))});
    return std::min({gap(parameters, counts.labelled), gap(layer, counts.labelled), gap(same_day, counts.same_day)});
}

online_recall::online_recall(fit_schedule schedule) : schedule_(schedule) {}

std::optional<double> online_recall::predict(card_key card, timestamp time) const
{
    const auto it = cards_.find(card.value());
    if (it == cards_.end()) {
        return std::nullopt;
    }
    const auto& track = it->second;
    return probability(model_, track.view, schedule_.clock.day_number(time) - track.last_day,
                       std::chrono::duration<double, std::ratio<86400>>(time - track.last_time).count());
}

void online_recall::record(std::span<const logged_review> reviews)
{
    const bool short_term = schedule_.fit.short_term;
    for (const auto& review : reviews) {
        const auto day = schedule_.clock.day_number(review.time);
        const bool pass = passed(review.grade);
        auto [it, first] = cards_.try_emplace(review.card.value());
        card_track& card = it->second;
        if (first) {
            card_order_.push_back(review.card);
            card.state = fsrs::initial_state(model_.w, review.grade);
            card.view = {card.state.stability, card.state.difficulty, 1, 0, pass};
            card.last_day = day;
            card.last_time = review.time;
            card.history.push_back({0.0, review.grade});
            card.times.push_back(review.time);
            continue;
        }
        const std::int64_t days = day - card.last_day;
        const auto elapsed = static_cast<double>(days);
        if (days > 0) {
            const double fsrs_p = fsrs::retrievability(model_.w, elapsed, card.view.stability);
            samples_.push_back({layer_inputs_of(fsrs_p, elapsed, card.view), pass});
            labelled_times_.push_back(review.time);
        } else {
            const double exact = std::chrono::duration<double, std::ratio<86400>>(review.time - card.last_time).count();
            same_day_samples_.push_back({fsrs::retrievability(model_.w, std::max(exact, 0.0), card.view.stability),
                                         card.view.last_passed, pass});
            if (card.view.last_passed) {
                ++same_day_.after_pass;
                same_day_.after_pass_passed += pass ? 1U : 0U;
            } else {
                ++same_day_.after_miss;
                same_day_.after_miss_passed += pass ? 1U : 0U;
            }
        }
        card.state = fsrs::next_state(model_.w, card.state, elapsed, review.grade, short_term);
        card.view.stability = card.state.stability;
        card.view.difficulty = card.state.difficulty;
        card.view.reviews += 1;
        card.view.lapses += pass ? 0 : 1;
        card.view.last_passed = pass;
        card.last_day = day;
        card.last_time = review.time;
        card.history.push_back({elapsed, review.grade});
        card.times.push_back(review.time);
    }
    refresh();
}

void online_recall::refresh()
{
    const history_counts counts{labelled_times_.size(), same_day_total(same_day_)};
    if (!refresh_due(model_, counts, schedule_)) {
        return;
    }
    if (counts.labelled >= schedule_.fit.minimum_items &&
        (model_.parameters_fitted_on == 0
             ? counts.labelled > 0
             : grown(counts.labelled, model_.parameters_fitted_on, schedule_.parameter_growth))) {
        fit_parameters();
    }
    if (samples_.size() >= schedule_.layer_minimum &&
        (model_.layer_fitted_on == 0 || grown(samples_.size(), model_.layer_fitted_on, schedule_.layer_growth))) {
        fit_layer();
    }
    choose_same_day_source();
}

void online_recall::choose_same_day_source()
{
    // The rates as they stood before the most recent `held_out` share of same-day reviews, against FSRS's recall at
    // the time elapsed, on those reviews.
    const std::size_t n = same_day_samples_.size();
    const auto kept = static_cast<std::size_t>(std::floor(static_cast<double>(n) * (1.0 - schedule_.held_out)));
    bool from_fsrs = model_.same_day.from_fsrs;
    if (kept > 0 && kept < n) {
        same_day_counts before;
        for (std::size_t i = 0; i < kept; ++i) {
            const auto& sample = same_day_samples_[i];
            (sample.after_pass ? before.after_pass : before.after_miss) += 1;
            (sample.after_pass ? before.after_pass_passed : before.after_miss_passed) += sample.passed ? 1U : 0U;
        }
        paired_losses fsrs_against_rates;
        for (std::size_t i = kept; i < n; ++i) {
            const auto& sample = same_day_samples_[i];
            const double fsrs_p = std::clamp(sample.fsrs_p, lowest_probability, highest_probability);
            fsrs_against_rates.add(bce(fsrs_p, sample.passed),
                                   bce(same_day_probability(before, sample.after_pass), sample.passed));
        }
        if (!from_fsrs && fsrs_against_rates.candidate_wins(schedule_.adoption_margin)) {
            from_fsrs = true;
        } else if (from_fsrs && fsrs_against_rates.candidate_loses(schedule_.adoption_margin)) {
            from_fsrs = false;
        }
    }
    model_.same_day = same_day_;
    model_.same_day.from_fsrs = from_fsrs;
}

void online_recall::fit_parameters()
{
    const std::size_t labelled = labelled_times_.size();
    model_.parameters_fitted_on = narrow(labelled);
    // Time split: the candidate sees the reviews before the most recent `held_out` share of labelled reviews.
    const auto kept = static_cast<std::size_t>(std::floor(static_cast<double>(labelled) * (1.0 - schedule_.held_out)));
    if (kept == 0 || kept >= labelled) {
        return;
    }
    const timestamp split = labelled_times_[kept];
    std::vector<fsrs::training_card> before;
    std::vector<fsrs::training_card> whole;
    std::vector<std::vector<timestamp>> times;
    before.reserve(card_order_.size());
    whole.reserve(card_order_.size());
    for (const auto key : card_order_) {
        const auto& card = cards_.at(key.value());
        const auto seen = static_cast<std::size_t>(std::lower_bound(card.times.begin(), card.times.end(), split) -
                                                   card.times.begin());
        if (seen > 0) {
            before.emplace_back(card.history.begin(), card.history.begin() + static_cast<std::ptrdiff_t>(seen));
        }
        whole.push_back(card.history);
        times.push_back(card.times);
    }
    auto options = schedule_.fit;
    options.minimum_items = 1;
    const auto candidate = fsrs::fit_parameters(before, options);
    if (!candidate.fitted) {
        return;
    }
    if (!compare_held_out(candidate.w, model_.w, whole, times, split, options.short_term)
             .candidate_wins(schedule_.adoption_margin)) {
        return;
    }
    model_.w = candidate.w;
    model_.layer = {};
    for (auto& [key, card] : cards_) {
        card.state = fsrs::initial_state(model_.w, card.history.front().grade);
        for (std::size_t i = 1; i < card.history.size(); ++i) {
            card.state = fsrs::next_state(model_.w, card.state, card.history[i].elapsed_days, card.history[i].grade,
                                          options.short_term);
        }
        card.view.stability = card.state.stability;
        card.view.difficulty = card.state.difficulty;
    }
    model_.parameters_adopted_at = narrow(labelled);
    model_.layer_fitted_on = 0;
    model_.fits += 1;
    samples_.clear();
}

void online_recall::fit_layer()
{
    const std::size_t n = samples_.size();
    model_.layer_fitted_on = narrow(n);
    const auto kept = static_cast<std::size_t>(std::floor(static_cast<double>(n) * (1.0 - schedule_.held_out)));
    if (kept == 0 || kept >= n) {
        return;
    }
    std::vector<double> x;
    std::vector<double> y;
    x.reserve(kept * layer_inputs);
    y.reserve(kept);
    for (std::size_t i = 0; i < kept; ++i) {
        x.insert(x.end(), samples_[i].x.begin(), samples_[i].x.end());
        y.push_back(samples_[i].passed ? 1.0 : 0.0);
    }
    const calibration_layer identity;
    logistic_regression regression(std::vector<double>(identity.beta.begin(), identity.beta.end()),
                                   schedule_.layer_ridge);
    regression.bound(std::vector<double>(layer_lower.begin(), layer_lower.end()),
                     std::vector<double>(layer_upper.begin(), layer_upper.end()));
    regression.fit(x, y);
    calibration_layer candidate;
    std::copy(regression.coefficients().begin(), regression.coefficients().end(), candidate.beta.begin());

    paired_losses losses;
    for (std::size_t i = kept; i < n; ++i) {
        losses.add(bce(layer_probability(candidate, samples_[i].x), samples_[i].passed),
                   bce(layer_probability(model_.layer, samples_[i].x), samples_[i].passed));
    }
    if (!losses.candidate_wins(schedule_.adoption_margin)) {
        return;
    }
    // The held-out reviews showed that a fit helps: the adopted layer is fitted on every sample.
    for (std::size_t i = kept; i < n; ++i) {
        x.insert(x.end(), samples_[i].x.begin(), samples_[i].x.end());
        y.push_back(samples_[i].passed ? 1.0 : 0.0);
    }
    regression.fit(x, y);
    std::copy(regression.coefficients().begin(), regression.coefficients().end(), model_.layer.beta.begin());
    model_.fits += 1;
}

std::optional<fsrs::memory_state> online_recall::card_state(card_key card) const
{
    const auto it = cards_.find(card.value());
    return it == cards_.end() ? std::nullopt : std::optional(it->second.state);
}

std::vector<std::pair<card_key, fsrs::memory_state>> online_recall::card_states() const
{
    std::vector<std::pair<card_key, fsrs::memory_state>> states;
    states.reserve(card_order_.size());
    for (const auto key : card_order_) {
        states.emplace_back(key, cards_.at(key.value()).state);
    }
    return states;
}

std::vector<std::size_t> time_order(std::span<const logged_review> log)
{
    std::vector<std::size_t> order(log.size());
    for (std::size_t row = 0; row < order.size(); ++row) {
        order[row] = row;
    }
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        if (log[a].time != log[b].time) {
            return log[a].time < log[b].time;
        }
        return log[a].card < log[b].card;
    });
    return order;
}

recall_fit fit_recall_model(std::span<const logged_review> history, const fit_schedule& schedule)
{
    const auto order = time_order(history);
    online_recall online(schedule);
    std::vector<logged_review> group;
    for (std::size_t first = 0; first < order.size();) {
        std::size_t last = first;
        group.clear();
        while (last < order.size() && history[order[last]].time == history[order[first]].time) {
            group.push_back(history[order[last]]);
            ++last;
        }
        online.record(group);
        first = last;
    }
    return {online.model(), online.card_states()};
}

} // namespace quiz::engine::recall
