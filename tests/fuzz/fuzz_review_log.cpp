// SPDX-License-Identifier: MIT
// Feeds arbitrary bytes to the review-log CSV reader; whatever it accepts goes through the recall predictor with
// every model (small fitting threshold, one epoch), and every prediction must be a probability.
#include "bot/review_log_csv.hpp"
#include "engine/recall/recall_predictor.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <variant>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    auto result = quiz::bot::read_review_log(in);
    if (const auto* problem = std::get_if<quiz::bot::review_log_problem>(&result)) {
        if (problem->line == 0 || problem->message.empty()) {
            __builtin_trap();
        }
        return 0;
    }
    const auto& log = std::get<quiz::bot::review_log>(result);
    quiz::engine::recall::predictor_options options;
    options.fit.minimum_items = 16;
    options.fit.epochs = 1;
    options.tutor.layer_minimum = 16;
    const auto run = quiz::engine::recall::predict_recall(log.reviews, options);
    if (run.reviews.size() != log.reviews.size() - log.card_names.size()) {
        __builtin_trap();
    }
    for (const auto& review : run.reviews) {
        for (const double p : review.p) {
            if (!(p >= 0.0 && p <= 1.0)) {
                __builtin_trap();
            }
        }
    }
    return 0;
}
