// SPDX-License-Identifier: MIT
#include "engine/fsrs/fsrs_optimizer.hpp"

#include "engine/numeric/dual.hpp"
#include "engine/numeric/seeded_random.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numbers>
#include <optional>

namespace quiz::engine::fsrs {

namespace {

using scalar = dual<parameter_count>;
using dual_parameters = std::array<scalar, parameter_count>;

/// Keeps log(p) and log(1 - p) finite while training; the gradient is cut at the bound like a clamp.
constexpr double probability_floor = 1e-9;

dual_parameters as_variables(const parameters& w)
{
    dual_parameters out;
    for (std::size_t i = 0; i < parameter_count; ++i) {
        out[i] = scalar::variable(w[i], i);
    }
    return out;
}

bool passed(rating g) noexcept { return g != rating::again; }

/// Runs the card through FSRS and calls `on_item(r, passed)` for each labelled review with the R predicted for it.
template <class T, class OnItem>
void replay(const std::array<T, parameter_count>& w, const training_card& card, bool short_term, OnItem&& on_item)
{
    if (card.empty()) {
        return;
    }
    auto state = initial_state(w, card.front().grade);
    for (std::size_t i = 1; i < card.size(); ++i) {
        const T elapsed(card[i].elapsed_days);
        if (card[i].elapsed_days > 0.0) {
            on_item(retrievability(w, elapsed, state.stability), passed(card[i].grade));
        }
        state = next_state(w, state, elapsed, card[i].grade, short_term);
    }
}

template <class T>
T cross_entropy(const T& r, bool pass)
{
    using std::log;
    const T p = detail::clamp_to(r, probability_floor, 1.0 - probability_floor);
    return pass ? -log(p) : -log(T(1.0) - p);
}

std::size_t card_items(const training_card& card) noexcept
{
    std::size_t n = 0;
    for (std::size_t i = 1; i < card.size(); ++i) {
        n += card[i].elapsed_days > 0.0 ? 1U : 0U;
    }
    return n;
}

/// Fisher-Yates with a seeded generator, so that a fit is the same on every platform.
template <class T>
void shuffle(std::vector<T>& items, seeded_random& random) noexcept
{
    for (std::size_t i = items.size(); i > 1; --i) {
        std::swap(items[i - 1], items[static_cast<std::size_t>(random.below(i))]);
    }
}

struct batch {
    std::vector<std::size_t> cards;
    std::size_t items = 0;
};

std::vector<batch> make_batches(std::vector<std::size_t> order, const std::vector<std::size_t>& items_per_card,
                                std::size_t batch_size)
{
    std::vector<batch> batches;
    batch current;
    for (const auto card : order) {
        current.cards.push_back(card);
        current.items += items_per_card[card];
        if (current.items >= batch_size) {
            batches.push_back(std::move(current));
            current = {};
        }
    }
    if (current.items > 0) {
        batches.push_back(std::move(current));
    }
    return batches;
}

class adam {
public:
    explicit adam(double learning_rate) noexcept : learning_rate_(learning_rate) {}

    void step(parameters& w, const parameters& gradient, double schedule) noexcept
    {
        ++steps_;
        const double correction1 = 1.0 - std::pow(beta1, static_cast<double>(steps_));
        const double correction2 = 1.0 - std::pow(beta2, static_cast<double>(steps_));
        for (std::size_t i = 0; i < parameter_count; ++i) {
            m_[i] = beta1 * m_[i] + (1.0 - beta1) * gradient[i];
            v_[i] = beta2 * v_[i] + (1.0 - beta2) * gradient[i] * gradient[i];
            const double m_hat = m_[i] / correction1;
            const double v_hat = v_[i] / correction2;
            w[i] -= learning_rate_ * schedule * m_hat / (std::sqrt(v_hat) + epsilon);
        }
    }

private:
    static constexpr double beta1 = 0.9;
    static constexpr double beta2 = 0.999;
    static constexpr double epsilon = 1e-8;
    double learning_rate_;
    parameters m_{};
    parameters v_{};
    long steps_ = 0;
};

} // namespace

std::size_t count_items(std::span<const training_card> cards) noexcept
{
    std::size_t n = 0;
    for (const auto& card : cards) {
        n += card_items(card);
    }
    return n;
}

double mean_log_loss(const parameters& w, std::span<const training_card> cards, bool short_term)
{
    double sum = 0.0;
    std::size_t n = 0;
    for (const auto& card : cards) {
        replay(w, card, short_term, [&](double r, bool pass) {
            sum += cross_entropy(r, pass);
            ++n;
        });
    }
    return n == 0 ? std::numeric_limits<double>::quiet_NaN() : sum / static_cast<double>(n);
}

loss_gradient summed_log_loss_gradient(const parameters& w, std::span<const training_card> cards, bool short_term)
{
    const auto variables = as_variables(w);
    scalar total(0.0);
    for (const auto& card : cards) {
        replay(variables, card, short_term, [&](const scalar& r, bool pass) { total += cross_entropy(r, pass); });
    }
    return {total.value(), total.gradient()};
}

parameters initial_stability_estimate(std::span<const training_card> cards, parameters w)
{
    // first grade -> elapsed days of the first later-day review -> (passes, count)
    std::array<std::map<double, std::pair<double, double>>, 4> groups;
    std::array<double, 4> counts{};
    double passes = 0.0;
    double total = 0.0;
    for (const auto& card : cards) {
        for (std::size_t i = 1; i < card.size(); ++i) {
            if (card[i].elapsed_days > 0.0) {
                const auto g = static_cast<std::size_t>(static_cast<int>(card.front().grade) - 1);
                auto& [group_passes, group_count] = groups[g][card[i].elapsed_days];
                const double y = passed(card[i].grade) ? 1.0 : 0.0;
                group_passes += y;
                group_count += 1.0;
                counts[g] += 1.0;
                passes += y;
                total += 1.0;
                break;
            }
        }
    }
    if (total == 0.0) {
        return w;
    }
    const double average_recall = passes / total;
    const double decay = -w[20];
    const double factor = std::pow(0.9, 1.0 / decay) - 1.0;

    std::array<std::optional<double>, 4> found;
    for (std::size_t g = 0; g < 4; ++g) {
        if (groups[g].empty()) {
            continue;
        }
        const double prior = default_parameters[g];
        // Sum of count-weighted cross-entropies against Laplace-smoothed recall, plus an L1 pull to the default.
        const auto loss = [&](double s) {
            double sum = std::abs(s - prior) / 16.0;
            for (const auto& [t, group] : groups[g]) {
                const double recall = (group.first + average_recall) / (group.second + 1.0);
                const double r =
                    std::clamp(std::pow(1.0 + factor * t / s, decay), probability_floor, 1.0 - probability_floor);
                sum -= group.second * (recall * std::log(r) + (1.0 - recall) * std::log(1.0 - r));
            }
            return sum;
        };
        double low = initial_stability_floor;
        double high = initial_stability_max;
        for (int iteration = 0; iteration < 200 && high - low > 1e-6; ++iteration) {
            const double a = low + (high - low) / 3.0;
            const double b = high - (high - low) / 3.0;
            if (loss(a) < loss(b)) {
                high = b;
            } else {
                low = a;
            }
        }
        found[g] = (low + high) / 2.0;
    }
    // A better first grade must not give a shorter memory: the side with fewer data gives way.
    for (const auto& [small, big] :
         {std::pair<std::size_t, std::size_t>{0, 1}, {1, 2}, {2, 3}, {0, 2}, {1, 3}, {0, 3}}) {
        if (found[small] && found[big] && *found[small] > *found[big]) {
            if (counts[small] > counts[big]) {
                found[big] = found[small];
            } else {
                found[small] = found[big];
            }
        }
    }
    // Missing grades keep the defaults' shape, scaled by the geometric mean ratio of the grades found.
    double log_ratio = 0.0;
    int n_found = 0;
    for (std::size_t g = 0; g < 4; ++g) {
        if (found[g]) {
            log_ratio += std::log(*found[g] / default_parameters[g]);
            ++n_found;
        }
    }
    const double scale = std::exp(log_ratio / n_found);
    for (std::size_t g = 0; g < 4; ++g) {
        w[g] = std::clamp(found[g].value_or(default_parameters[g] * scale), initial_stability_floor,
                          initial_stability_max);
    }
    return w;
}

fit_result fit_parameters(std::span<const training_card> cards, const fit_options& options)
{
    fit_result result;
    std::vector<std::size_t> items_per_card(cards.size());
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < cards.size(); ++i) {
        items_per_card[i] = card_items(cards[i]);
        result.items += items_per_card[i];
        if (items_per_card[i] > 0) {
            order.push_back(i);
        }
    }
    if (result.items < options.minimum_items || result.items == 0) {
        return result;
    }

    parameters start = default_parameters;
    if (options.initialise_stability) {
        start = initial_stability_estimate(cards, start);
    }
    start = clamp_parameters(start, options.short_term);

    seeded_random random(options.seed);
    std::vector<std::vector<batch>> epochs;
    std::size_t total_steps = 0;
    for (int epoch = 0; epoch < options.epochs; ++epoch) {
        shuffle(order, random);
        epochs.push_back(make_batches(order, items_per_card, std::max<std::size_t>(options.batch_size, 1)));
        total_steps += epochs.back().size();
    }

    parameters w = start;
    adam optimizer(options.learning_rate);
    std::size_t step = 0;
    const auto total_items = static_cast<double>(result.items);
    for (const auto& batches : epochs) {
        for (const auto& mini : batches) {
            const auto variables = as_variables(w);
            parameters gradient{};
            for (const auto card : mini.cards) {
                scalar card_loss(0.0);
                replay(variables, cards[card], options.short_term,
                       [&](const scalar& r, bool pass) { card_loss += cross_entropy(r, pass); });
                for (std::size_t i = 0; i < parameter_count; ++i) {
                    gradient[i] += card_loss.derivative(i);
                }
            }
            // The prior's share of each batch is its share of the items, so a whole epoch carries it once.
            const double prior_share = options.prior_strength * static_cast<double>(mini.items) / total_items;
            for (std::size_t i = 0; i < parameter_count; ++i) {
                const double spread = parameter_std_devs[i];
                gradient[i] += prior_share * 2.0 * (w[i] - start[i]) / (spread * spread);
            }
            const double schedule =
                0.5 * (1.0 + std::cos(std::numbers::pi * static_cast<double>(step) / static_cast<double>(total_steps)));
            optimizer.step(w, gradient, schedule);
            w = clamp_parameters(w, options.short_term);
            ++step;
        }
    }
    for (const double value : w) {
        if (!std::isfinite(value)) {
            return result; // a diverged fit is no fit: keep the defaults
        }
    }
    result.w = w;
    result.fitted = true;
    return result;
}

} // namespace quiz::engine::fsrs
