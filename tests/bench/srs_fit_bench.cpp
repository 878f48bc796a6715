// SPDX-License-Identifier: MIT
// FSRS-6 fitting on a review log (scripts/bench-srs-eval runs it on a Release build; figures in
// docs/benchmarks.md and docs/scheduler-evaluation.md).
//   srs_fit_bench time FILE.csv       median time to fit the first cards of the log, for a few sizes
//   srs_fit_bench threshold FILE.csv  fit on N labelled reviews of random cards, score on 3,000 other cards:
//                                     how often the fit beats the defaults, per N (split by card)
//   srs_fit_bench insample FILE.csv   fit on the whole log, then score the same reviews (log loss, RMSE(bins), AUC)
#include "bot/review_log_csv.hpp"
#include "engine/fsrs/fsrs_optimizer.hpp"
#include "engine/numeric/seeded_random.hpp"
#include "engine/recall/recall_metrics.hpp"
#include "engine/recall/review_log.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <string>
#include <variant>
#include <vector>

namespace fsrs = quiz::engine::fsrs;
namespace recall = quiz::engine::recall;

namespace {

std::vector<fsrs::training_card> load(const char* path)
{
    std::ifstream in(path);
    auto result = quiz::bot::read_review_log(in);
    if (const auto* problem = std::get_if<quiz::bot::review_log_problem>(&result)) {
        throw std::runtime_error(std::string(path) + ":" + std::to_string(problem->line) + ": " + problem->message);
    }
    const auto& log = std::get<quiz::bot::review_log>(result);
    const recall::day_clock clock;
    std::vector<fsrs::training_card> cards(log.card_names.size());
    std::vector<std::int64_t> last_day(cards.size());
    for (const auto& review : log.reviews) {
        const auto c = static_cast<std::size_t>(review.card.value());
        const auto day = clock.day_number(review.time);
        cards[c].push_back({cards[c].empty() ? 0.0 : static_cast<double>(day - last_day[c]), review.grade});
        last_day[c] = day;
    }
    return cards;
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const auto n = values.size();
    return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
}

int time_fits(const std::vector<fsrs::training_card>& all)
{
    // Wall time and this process's CPU time: on a shared, loaded machine the CPU time is the steadier figure.
    std::printf("labelled_reviews cards median_wall_seconds median_cpu_seconds (7 runs)\n");
    for (const std::size_t target : {1000U, 3000U, 10000U, 30000U, 1000000U}) {
        std::vector<fsrs::training_card> cards;
        for (const auto& card : all) {
            if (fsrs::count_items(cards) >= target) {
                break;
            }
            cards.push_back(card);
        }
        std::vector<double> seconds;
        std::vector<double> cpu_seconds;
        for (int run = 0; run < 7; ++run) {
            const auto start = std::chrono::steady_clock::now();
            const std::clock_t cpu_start = std::clock();
            const auto result = fsrs::fit_parameters(cards);
            cpu_seconds.push_back(static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC);
            seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
            if (!result.fitted) {
                std::fprintf(stderr, "not fitted\n");
                return 1;
            }
        }
        std::printf("%zu %zu %.4f %.4f\n", fsrs::count_items(cards), cards.size(), median(seconds),
                    median(cpu_seconds));
    }
    return 0;
}

int threshold(const std::vector<fsrs::training_card>& all)
{
    constexpr std::size_t test_cards = 3000;
    constexpr int repeats = 20;
    std::printf("labelled_reviews fit_beats_defaults median_delta_log_loss (fitted - default, on %zu other cards, "
                "%d random splits)\n",
                test_cards, repeats);
    fsrs::fit_options options;
    options.minimum_items = 0;
    for (const std::size_t target : {32U, 64U, 128U, 256U, 512U, 1024U, 2048U, 4096U}) {
        int wins = 0;
        std::vector<double> deltas;
        for (int repeat = 0; repeat < repeats; ++repeat) {
            std::vector<std::size_t> order(all.size());
            for (std::size_t i = 0; i < order.size(); ++i) {
                order[i] = i;
            }
            quiz::engine::seeded_random random(static_cast<std::uint64_t>(repeat) + 1);
            for (std::size_t i = order.size(); i > 1; --i) {
                std::swap(order[i - 1], order[static_cast<std::size_t>(random.below(i))]);
            }
            std::vector<fsrs::training_card> train;
            std::size_t next = 0;
            std::size_t items = 0;
            while (items < target && next < order.size()) {
                train.push_back(all[order[next++]]);
                items += fsrs::count_items(std::span(&train.back(), 1));
            }
            std::vector<fsrs::training_card> test;
            while (test.size() < test_cards && next < order.size()) {
                test.push_back(all[order[next++]]);
            }
            const auto fitted = fsrs::fit_parameters(train, options);
            const double delta =
                fsrs::mean_log_loss(fitted.w, test, true) - fsrs::mean_log_loss(fsrs::default_parameters, test, true);
            deltas.push_back(delta);
            wins += delta < 0.0 ? 1 : 0;
        }
        std::printf("%zu %d/%d %+.4f\n", target, wins, repeats, median(deltas));
    }
    return 0;
}

/// Every labelled review of `cards` scored with `w` (same-day reviews left out, as in the loss).
recall::metrics score(const fsrs::parameters& w, const std::vector<fsrs::training_card>& cards)
{
    std::vector<recall::scored_review> scored;
    for (const auto& card : cards) {
        auto state = fsrs::initial_state(w, card.front().grade);
        std::size_t long_term = 0;
        std::size_t lapses = 0;
        for (std::size_t i = 1; i < card.size(); ++i) {
            const double t = card[i].elapsed_days;
            const bool pass = card[i].grade != fsrs::rating::again;
            if (t > 0.0) {
                ++long_term;
                scored.push_back({fsrs::retrievability(w, t, state.stability), pass,
                                  recall::bin_of(static_cast<std::int64_t>(t), long_term, lapses)});
                lapses += pass ? 0U : 1U;
            }
            state = fsrs::next_state(w, state, t, card[i].grade, true);
        }
    }
    return recall::evaluate(scored);
}

int in_sample(const std::vector<fsrs::training_card>& cards)
{
    const auto fitted = fsrs::fit_parameters(cards);
    std::printf("parameters log_loss rmse_bins auc n\n");
    for (const auto& [label, w] : {std::pair{"default", fsrs::default_parameters}, std::pair{"fitted", fitted.w}}) {
        const auto m = score(w, cards);
        std::printf("%s %.4f %.4f %.4f %zu\n", label, m.log_loss, m.rmse_bins, m.auc, m.n);
    }
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc != 3) {
        std::cerr << "usage: srs_fit_bench time|threshold|insample FILE.csv\n";
        return 2;
    }
    try {
        const auto cards = load(argv[2]);
        const std::string mode = argv[1];
        if (mode == "time") {
            return time_fits(cards);
        }
        if (mode == "threshold") {
            return threshold(cards);
        }
        if (mode == "insample") {
            return in_sample(cards);
        }
        std::cerr << "usage: srs_fit_bench time|threshold|insample FILE.csv\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "srs_fit_bench: " << e.what() << '\n';
        return 1;
    }
}
