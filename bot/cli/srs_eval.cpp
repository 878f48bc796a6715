// SPDX-License-Identifier: MIT
// `quizbot srs eval FILE.csv`: log loss, RMSE(bins), AUC and n of the three recall models, side by side.
#include "bot/cli/args.hpp"
#include "bot/cli/commands.hpp"
#include "bot/cli/srs_input.hpp"

#include <boost/json.hpp>

#include <cmath>
#include <cstdio>
#include <ostream>
#include <string>

namespace quiz::bot::cli {

namespace {

namespace recall = engine::recall;
namespace json = boost::json;

recall::tutor_options tutor_inputs_from(const args& parsed)
{
    recall::tutor_options tutor;
    const auto text = parsed.value("tutor-inputs");
    if (!text) {
        return tutor;
    }
    tutor.memory_state = false;
    if (*text == "none") {
        return tutor;
    }
    std::string_view rest = *text;
    while (true) {
        const auto comma = rest.find(',');
        const auto item = rest.substr(0, comma);
        if (item == "memory") {
            tutor.memory_state = true;
        } else if (item == "form") {
            tutor.recent_form = true;
        } else if (item == "card") {
            tutor.card_pass_rate = true;
        } else {
            throw usage_error("--tutor-inputs takes 'none' or a list of memory, form, card; got '" + *text + "'");
        }
        if (comma == std::string_view::npos) {
            return tutor;
        }
        rest.remove_prefix(comma + 1);
    }
}

std::string fixed(double value, int decimals)
{
    if (std::isnan(value)) {
        return "-";
    }
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

std::string_view grading_text(recall::grading how) noexcept
{
    switch (how) {
    case recall::grading::logged:
        return "ratings as logged";
    case recall::grading::pass_fail:
        return "ratings reduced to pass/fail";
    case recall::grading::response_time:
        return "ratings reduced to pass/fail, passes regraded from response time";
    }
    return "";
}

json::value number_or_null(double value)
{
    return std::isfinite(value) ? json::value(value) : json::value(nullptr);
}

int eval(const std::vector<std::string_view>& words, io streams)
{
    const auto parsed =
        args::parse(words, {"next-day-starts-at", "min-reviews", "tutor-inputs", "grading"}, {"json"});
    auto options = predictor_options_from(parsed);
    options.tutor = tutor_inputs_from(parsed);
    const auto grading = grading_from(parsed);
    const auto log = load_review_log(parsed, streams);
    if (!log) {
        return exit_failure;
    }
    const auto reviews = graded_reviews(parsed, *log, grading, streams);
    if (!reviews) {
        return exit_failure;
    }
    const auto run = recall::predict_recall(*reviews, options);
    if (run.reviews.empty()) {
        streams.err << parsed.positionals().front()
                    << ": error: no review to evaluate (every card has a single review)\n";
        return exit_failure;
    }
    std::size_t recalled = 0;
    for (const auto& review : run.reviews) {
        recalled += review.passed ? 1U : 0U;
    }
    const double hour = std::chrono::duration<double, std::ratio<3600>>(options.clock.day_start).count();
    char day_start[8];
    std::snprintf(day_start, sizeof day_start, "%02d:00", static_cast<int>(hour));

    if (parsed.flag("json")) {
        json::object models;
        for (const auto m : recall::all_models) {
            const auto result = recall::evaluate(run, m);
            models[recall::name(m)] = json::object{{"log_loss", number_or_null(result.log_loss)},
                                                   {"rmse_bins", number_or_null(result.rmse_bins)},
                                                   {"auc", number_or_null(result.auc)},
                                                   {"n", result.n}};
        }
        json::array parameters;
        for (const double w : run.last_parameters) {
            parameters.emplace_back(w);
        }
        const json::object report{{"reviews", log->reviews.size()},
                                  {"cards", log->card_names.size()},
                                  {"predicted", run.reviews.size()},
                                  {"recalled", recalled},
                                  {"next_day_starts_at", hour},
                                  {"grading", recall::name(grading)},
                                  {"fits", run.fits},
                                  {"final_parameters", std::move(parameters)},
                                  {"models", std::move(models)}};
        streams.out << json::serialize(report) << '\n';
        return exit_ok;
    }

    streams.out << log->reviews.size() << " reviews of " << log->card_names.size() << " cards; "
                << run.reviews.size() << " predicted (" << fixed(100.0 * static_cast<double>(recalled) /
                                                                     static_cast<double>(run.reviews.size()), 2)
                << "% recalled), each from earlier reviews only; days start at " << day_start << " UTC; "
                << grading_text(grading) << "\n\n";
    streams.out << "model    log loss  RMSE(bins)  AUC     n\n";
    for (const auto m : recall::all_models) {
        const auto result = recall::evaluate(run, m);
        std::string name(recall::name(m));
        name.resize(9, ' ');
        streams.out << name << fixed(result.log_loss, 4) << "    " << fixed(result.rmse_bins, 4) << "      "
                    << fixed(result.auc, 4) << "  " << result.n << '\n';
    }
    streams.out << "\nFSRS-6 refitted " << run.fits << " times on the past";
    if (run.fits == 0) {
        streams.out << " (fewer than " << options.fit.minimum_items
                    << " reviews after a first one on a later day: defaults kept)";
    }
    streams.out << "; log loss and RMSE(bins): lower is better, AUC: higher is better\n";
    return exit_ok;
}

} // namespace

const command srs_eval_command{
    {"srs", "eval"},
    "FILE.csv [--json] [--next-day-starts-at HOUR] [--min-reviews N] [--tutor-inputs none|memory,form,card] "
    "[--grading logged|pass-fail|time]",
    "compares recall models on a review log: FSRS-6 default, FSRS-6 fitted online, the tutor's model (log loss, "
    "RMSE(bins), AUC, n)",
    eval,
};

} // namespace quiz::bot::cli
