// SPDX-License-Identifier: MIT
#include "engine/fsrs/fsrs_scheduler.hpp"

#include "engine/fsrs/alea.hpp"
#include "engine/numeric/js_number.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>
#include <string>
#include <system_error>

namespace quiz::engine::fsrs {

namespace {

constexpr int minutes_per_day = 1440;
constexpr int largest_maximum_interval = 1'000'000; // keeps due dates far inside the range of a timestamp

double clamp(double x, double lo, double hi) { return std::min(std::max(x, lo), hi); }

double grade(rating g) { return static_cast<double>(static_cast<int>(g)); }

std::size_t index(rating g) { return static_cast<std::size_t>(static_cast<int>(g) - 1); }

constexpr std::array all_ratings{rating::again, rating::hard, rating::good, rating::easy};

unsigned bit(rating g) { return 1U << index(g); }

constexpr unsigned all_bits = 0xFU;

// What a (re)learning-steps lookup gives for one rating (ts-fsrs BasicLearningStepsStrategy).
struct step_result {
    int minutes = 0; ///< 0: no step applies, FSRS schedules in days
    int next_step = 0;
};

} // namespace

std::string_view name(card_state state) noexcept
{
    switch (state) {
    case card_state::new_card:
        return "new";
    case card_state::learning:
        return "learning";
    case card_state::review:
        return "review";
    case card_state::relearning:
        return "relearning";
    }
    return "new";
}

card new_card(timestamp now) noexcept
{
    card result;
    result.due = now;
    return result;
}

std::optional<std::string_view> validate(const scheduler_options& options) noexcept
{
    if (!(options.desired_retention > 0.0 && options.desired_retention <= 1.0)) {
        return "desired retention must be in (0, 1]";
    }
    if (options.maximum_interval < 1 || options.maximum_interval > largest_maximum_interval) {
        return "maximum interval must be between 1 and 1000000 days";
    }
    const auto out_of_range = [](std::chrono::minutes step) {
        return step.count() < 0 || step.count() > 36500L * minutes_per_day;
    };
    if (std::any_of(options.learning_steps.begin(), options.learning_steps.end(), out_of_range) ||
        std::any_of(options.relearning_steps.begin(), options.relearning_steps.end(), out_of_range)) {
        return "learning steps must be between 0 minutes and 36500 days";
    }
    return std::nullopt;
}

std::optional<std::vector<std::chrono::minutes>> parse_steps(std::string_view text)
{
    std::vector<std::chrono::minutes> steps;
    if (text.empty()) {
        return steps;
    }
    while (true) {
        const auto comma = text.find(',');
        const std::string_view item = text.substr(0, comma);
        if (item.size() < 2) {
            return std::nullopt;
        }
        long value = 0;
        const char* first = item.data();
        const char* last = item.data() + item.size() - 1;
        const auto [end, error] = std::from_chars(first, last, value);
        if (error != std::errc{} || end != last || value < 0 || value > 1'000'000) {
            return std::nullopt;
        }
        switch (*last) {
        case 'm':
            steps.emplace_back(value);
            break;
        case 'h':
            steps.emplace_back(value * 60);
            break;
        case 'd':
            steps.emplace_back(value * minutes_per_day);
            break;
        default:
            return std::nullopt;
        }
        if (comma == std::string_view::npos) {
            return steps;
        }
        text.remove_prefix(comma + 1);
    }
}

int calendar_days_between(timestamp earlier, timestamp later) noexcept
{
    using std::chrono::floor;
    return static_cast<int>((floor<std::chrono::days>(later) - floor<std::chrono::days>(earlier)).count());
}

// One review in progress: ts-fsrs AbstractScheduler's `current` card and elapsed days.
struct scheduler::review_context {
    timestamp now;
    int elapsed_days = 0;
    card current; ///< the card being reviewed, with reps + 1 and last_review = now
};

scheduler::scheduler(scheduler_options options) : options_(std::move(options))
{
    if (const auto problem = validate(options_)) {
        throw std::invalid_argument(std::string(*problem));
    }
    options_.w = clamp_parameters(options_.w, options_.short_term, static_cast<int>(options_.relearning_steps.size()));
    const auto& w = options_.w;
    decay_ = -w[20];
    factor_ = round_to_8(std::exp(std::pow(decay_, -1.0) * std::log(0.9)) - 1.0);
    interval_modifier_ = round_to_8((std::pow(options_.desired_retention, 1.0 / decay_) - 1.0) / factor_);
    easy_initial_difficulty_ = initial_difficulty(rating::easy);
    exp_w8_ = std::exp(w[8]);
    // ts-fsrs computes these per review from the parameters alone: the same operations give the same bits.
    for (const rating g : all_ratings) {
        short_term_growth_[index(g)] = std::exp(w[17] * (grade(g) - 3.0 + w[18]));
    }
    const double w17 = options_.short_term ? w[17] : 0.0;
    const double w18 = options_.short_term ? w[18] : 0.0;
    lapse_divisor_ = std::exp(w17 * w18);
}

double scheduler::forgetting_curve(double elapsed_days, double stability) const
{
    return round_to_8(std::pow(1.0 + (factor_ * elapsed_days) / stability, decay_));
}

double scheduler::initial_difficulty(rating g) const
{
    const auto& w = options_.w;
    return round_to_8(w[4] - std::exp((grade(g) - 1.0) * w[5]) + 1.0);
}

double scheduler::next_difficulty(double difficulty, rating g) const
{
    const auto& w = options_.w;
    const double delta = -w[6] * (grade(g) - 3.0);
    const double damped = difficulty + round_to_8((delta * (10.0 - difficulty)) / 9.0);
    const double reverted = round_to_8(w[7] * easy_initial_difficulty_ + (1.0 - w[7]) * damped);
    return clamp(reverted, difficulty_min, difficulty_max);
}

double scheduler::recall_growth(double difficulty, double stability, double r) const
{
    // The part of ts-fsrs's product shared by Hard, Good and Easy, multiplied in ts-fsrs's order so that the
    // result is bit for bit the same whether it is computed once or per rating.
    const auto& w = options_.w;
    return exp_w8_ * (11.0 - difficulty) * std::pow(stability, -w[9]) * (std::exp((1.0 - r) * w[10]) - 1.0);
}

double scheduler::recall_stability_from(double stability, double growth, rating g) const
{
    const auto& w = options_.w;
    const double hard_penalty = g == rating::hard ? w[15] : 1.0;
    const double easy_bonus = g == rating::easy ? w[16] : 1.0;
    return round_to_8(clamp(stability * (1.0 + growth * hard_penalty * easy_bonus), stability_min, stability_max));
}

double scheduler::next_recall_stability(double difficulty, double stability, double r, rating g) const
{
    return recall_stability_from(stability, recall_growth(difficulty, stability, r), g);
}

double scheduler::next_forget_stability(double difficulty, double stability, double r) const
{
    const auto& w = options_.w;
    const double next =
        w[11] * std::pow(difficulty, -w[12]) * (std::pow(stability + 1.0, w[13]) - 1.0) * std::exp((1.0 - r) * w[14]);
    return round_to_8(clamp(next, stability_min, stability_max));
}

double scheduler::next_short_term_stability(double stability, rating g) const
{
    const double increase = std::pow(stability, -options_.w[19]) * short_term_growth_[index(g)];
    const double masked = g == rating::again ? increase : std::max(increase, 1.0);
    return round_to_8(clamp(stability * masked, stability_min, stability_max));
}

memory_state scheduler::next_state(std::optional<memory_state> state, int elapsed_days, rating g,
                                   std::optional<double> r) const
{
    const double d = state ? state->difficulty : 0.0;
    const double s = state ? state->stability : 0.0;
    if (elapsed_days < 0) {
        throw std::invalid_argument("negative elapsed days");
    }
    if (d == 0.0 && s == 0.0) {
        return {std::max(options_.w[index(g)], initial_stability_floor),
                clamp(initial_difficulty(g), difficulty_min, difficulty_max)};
    }
    if (d < 1.0 || s < stability_min) {
        throw std::invalid_argument("invalid memory state");
    }
    const double retrievability = r ? *r : forgetting_curve(elapsed_days, s);
    double next_s = 0.0;
    if (elapsed_days == 0 && options_.short_term) {
        next_s = next_short_term_stability(s, g);
    } else if (g == rating::again) {
        const double after_fail = next_forget_stability(d, s, retrievability);
        next_s = clamp(round_to_8(s / lapse_divisor_), stability_min, after_fail);
    } else {
        next_s = next_recall_stability(d, s, retrievability, g);
    }
    return {next_s, next_difficulty(d, g)};
}

int scheduler::next_interval(double stability) const
{
    const double days = std::min(std::max(1.0, js_round(stability * interval_modifier_)),
                                 static_cast<double>(options_.maximum_interval));
    return static_cast<int>(days);
}

int scheduler::fuzzed(int interval, int elapsed_days, const review_context& context) const
{
    if (!options_.fuzz_seed || interval < 2.5) {
        return interval;
    }
    // ts-fsrs DefaultInitSeedStrategy's text, prefixed by our seed.
    const std::string seed = std::to_string(*options_.fuzz_seed) + '_' +
                             std::to_string(context.now.time_since_epoch().count()) + '_' +
                             std::to_string(context.current.reps) + '_' +
                             js_number_text(context.current.difficulty * context.current.stability);
    const double u = alea(seed).next();

    // ts-fsrs get_fuzz_range.
    struct fuzz_range {
        double start;
        double end;
        double factor;
    };
    constexpr std::array<fuzz_range, 3> ranges{{{2.5, 7.0, 0.15}, {7.0, 20.0, 0.1}, {20.0, HUGE_VAL, 0.05}}};
    const auto ivl = static_cast<double>(interval);
    double delta = 1.0;
    for (const auto& range : ranges) {
        delta += range.factor * std::max(std::min(ivl, range.end) - range.start, 0.0);
    }
    const double maximum = static_cast<double>(options_.maximum_interval);
    const double capped = std::min(ivl, maximum);
    double lo = std::max(2.0, js_round(capped - delta));
    const double hi = std::min(js_round(capped + delta), maximum);
    if (capped > elapsed_days) {
        lo = std::max(lo, static_cast<double>(elapsed_days) + 1.0);
    }
    lo = std::min(lo, hi);
    return static_cast<int>(std::floor(u * (hi - lo + 1.0) + lo));
}

card scheduler::review(const card& current, timestamp now, rating g) const
{
    unsigned wanted = bit(g);
    const bool in_review = current.state == card_state::review;
    if (options_.short_term) {
        // BasicScheduler (review state): hard <= good, good >= hard + 1, easy >= good + 1.
        if (in_review && g != rating::again) {
            wanted |= bit(rating::hard) | bit(rating::good);
        }
    } else {
        // LongTermScheduler: again <= hard, hard >= again + 1, good >= hard + 1, easy >= good + 1.
        wanted |= bit(rating::again) | bit(rating::hard);
        for (const rating lower : all_ratings) {
            if (lower < g) {
                wanted |= bit(lower);
            }
        }
    }
    std::array<card, 4> cards{};
    return schedule(current, now, g, wanted, bit(g), &cards);
}

std::array<card, 4> scheduler::preview(const card& current, timestamp now) const
{
    std::array<card, 4> cards{};
    (void)schedule(current, now, rating::again, all_bits, all_bits, &cards);
    return cards;
}

double scheduler::retrievability(const card& current, timestamp now) const
{
    if (current.state == card_state::new_card || !current.last_review) {
        return 0.0;
    }
    return forgetting_curve(calendar_days_between(*current.last_review, now), current.stability);
}

card scheduler::schedule(const card& last, timestamp now, rating g, unsigned wanted, unsigned complete,
                         std::array<card, 4>* all) const
{
    auto& cards = *all;
    review_context context{now, 0, last};
    if (last.state != card_state::new_card && last.last_review) {
        context.elapsed_days = calendar_days_between(*last.last_review, now);
        if (context.elapsed_days < 0) {
            throw std::invalid_argument("review before the card's last review");
        }
    }
    context.current.last_review = now;
    context.current.reps += 1;
    const card& current = context.current;
    const int elapsed = context.elapsed_days;
    const auto wants = [wanted](rating r) { return (wanted & bit(r)) != 0; };

    // Both write into the card's slot in place: building a card and then copying it whole into the slot cost a
    // store-forwarding stall per copy (whole-card loads right after the field stores; docs/benchmarks.md).
    const auto next_ds = [&](card& next, int t, rating r, std::optional<double> retrievability) {
        next = current;
        const auto state = next_state(memory_state{current.stability, current.difficulty}, t, r, retrievability);
        next.stability = state.stability;
        next.difficulty = state.difficulty;
    };
    // next_ds for a card with a memory state and a known retrievability: Hard, Good and Easy share one growth term.
    // A rating wanted only for the interval ordering keeps the old difficulty: only its stability is read.
    std::optional<double> growth;
    const auto next_review_ds = [&](card& next, int t, rating r, double retrievability) {
        if (r == rating::again || (t == 0 && options_.short_term) || current.difficulty < difficulty_min ||
            current.stability < stability_min) {
            next_ds(next, t, r, retrievability);
            return;
        }
        if (!growth) {
            growth = recall_growth(current.difficulty, current.stability, retrievability);
        }
        next = current;
        next.stability = recall_stability_from(current.stability, *growth, r);
        if ((complete & bit(r)) != 0) {
            next.difficulty = next_difficulty(current.difficulty, r);
        }
    };
    const auto set_days = [&](card& next, int days) {
        next.state = card_state::review;
        next.learning_step = 0;
        next.scheduled_days = days;
        next.due = now + std::chrono::days(days);
    };

    // ts-fsrs BasicLearningStepsStrategy for the current card.
    const auto step_for = [&](rating r) {
        const bool relearning = current.state == card_state::relearning || current.state == card_state::review;
        const auto& steps = relearning ? options_.relearning_steps : options_.learning_steps;
        const auto size = static_cast<int>(steps.size());
        const int step = current.learning_step;
        step_result result;
        if (size == 0 || step >= size) {
            return result;
        }
        const auto minutes = [&](int i) { return static_cast<int>(steps[static_cast<std::size_t>(i)].count()); };
        if (current.state == card_state::review) {
            if (r == rating::again) {
                result.minutes = minutes(std::max(0, step));
            }
            return result;
        }
        switch (r) {
        case rating::again:
            result.minutes = minutes(0);
            break;
        case rating::hard:
            result.minutes = size == 1 ? static_cast<int>(js_round(minutes(0) * 1.5))
                                       : static_cast<int>(js_round((minutes(0) + minutes(1)) / 2.0));
            result.next_step = step;
            break;
        case rating::good:
            if (step + 1 < size && minutes(step + 1) != 0) {
                result.minutes = minutes(step + 1);
                result.next_step = step + 1;
            }
            break;
        case rating::easy:
            break;
        }
        result.minutes = std::max(0, result.minutes);
        result.next_step = std::max(0, result.next_step);
        return result;
    };
    // ts-fsrs BasicScheduler.applyLearningSteps.
    const auto apply_steps = [&](card& next, rating r, card_state to_state) {
        const step_result step = step_for(r);
        if (step.minutes > 0 && step.minutes < minutes_per_day) {
            next.learning_step = step.next_step;
            next.scheduled_days = 0;
            next.state = to_state;
            next.due = now + std::chrono::minutes(step.minutes);
        } else if (step.minutes >= minutes_per_day) {
            next.state = card_state::review;
            next.learning_step = step.next_step;
            next.due = now + std::chrono::minutes(step.minutes);
            next.scheduled_days = step.minutes / minutes_per_day;
        } else {
            set_days(next, fuzzed(next_interval(next.stability), elapsed, context));
        }
    };

    if (options_.short_term) {
        if (last.state == card_state::review) {
            const double r = forgetting_curve(elapsed, current.stability);
            for (const rating each : all_ratings) {
                if (wants(each)) {
                    next_review_ds(cards[index(each)], elapsed, each, r);
                }
            }
            if (wants(rating::hard)) {
                card& hard = cards[index(rating::hard)];
                card& good = cards[index(rating::good)];
                int hard_days = fuzzed(next_interval(hard.stability), elapsed, context);
                int good_days = fuzzed(next_interval(good.stability), elapsed, context);
                hard_days = std::min(hard_days, good_days);
                good_days = std::max(good_days, hard_days + 1);
                set_days(hard, hard_days);
                set_days(good, good_days);
                if (wants(rating::easy)) {
                    card& easy = cards[index(rating::easy)];
                    set_days(easy, std::max(fuzzed(next_interval(easy.stability), elapsed, context), good_days + 1));
                }
            }
            if (wants(rating::again)) {
                card& again = cards[index(rating::again)];
                apply_steps(again, rating::again, card_state::relearning);
                again.lapses += 1;
            }
        } else {
            const card_state to_state = last.state == card_state::new_card ? card_state::learning : last.state;
            for (const rating each : all_ratings) {
                if (wants(each)) {
                    next_ds(cards[index(each)], elapsed, each, std::nullopt);
                    apply_steps(cards[index(each)], each, to_state);
                }
            }
        }
        return cards[index(g)];
    }

    // LongTermScheduler: New uses elapsed 0 and no retrievability; Learning and Relearning are handled as Review.
    const bool is_new = last.state == card_state::new_card;
    const int t = is_new ? 0 : elapsed;
    const std::optional<double> r = is_new ? std::nullopt : std::optional(forgetting_curve(elapsed, current.stability));
    std::array<int, 4> days{};
    for (const rating each : all_ratings) {
        if (wants(each)) {
            if (is_new) {
                next_ds(cards[index(each)], t, each, r);
            } else {
                next_review_ds(cards[index(each)], t, each, *r);
            }
            days[index(each)] = fuzzed(next_interval(cards[index(each)].stability), t, context);
        }
    }
    days[0] = std::min(days[0], days[1]);
    days[1] = std::max(days[1], days[0] + 1);
    days[2] = std::max(days[2], days[1] + 1);
    days[3] = std::max(days[3], days[2] + 1);
    for (const rating each : all_ratings) {
        if (wants(each)) {
            set_days(cards[index(each)], days[index(each)]);
        }
    }
    if (!is_new && wants(rating::again)) {
        cards[index(rating::again)].lapses += 1;
    }
    return cards[index(g)];
}

} // namespace quiz::engine::fsrs
