// SPDX-License-Identifier: MIT
// `quizbot srs eval FILE.csv`: log loss, RMSE(bins), AUC and n of the three recall models, side by side.
#include "bot/cli/args.hpp"
#include "bot/cli/commands.hpp"
#include "bot/cli/number_text.hpp"
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

std::string_view span_label(recall::review_span span) noexcept
{
    switch (span) {
    case recall::review_span::all:
        return "all";
    case recall::review_span::same_day:
        return "same day";
    case recall::review_span::later_day:
        return ">= 1 day";
    }
    return "";
}

json::value number_or_null(double value) { return std::isfinite(value) ? json::value(value) : json::value(nullptr); }

int eval(const std::vector<std::string_view>& words, io streams)
{
    const auto parsed = args::parse(words, {"next-day-starts-at", "min-reviews", "grading"}, {"json"});
    auto options = predictor_options_from(parsed);
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
        const auto scores = [](const recall::metrics& result) {
            return json::object{{"log_loss", number_or_null(result.log_loss)},
                                {"rmse_bins", number_or_null(result.rmse_bins)},
                                {"auc", number_or_null(result.auc)},
                                {"n", result.n}};
        };
        json::object models;
        for (const auto m : recall::all_models) {
            // The whole run at the top (as before), each span of reviews beside it.
            auto entry = scores(recall::evaluate(run, m));
            for (const auto span : {recall::review_span::same_day, recall::review_span::later_day}) {
                entry[recall::name(span)] = scores(recall::evaluate(run, m, span));
            }
            models[recall::name(m)] = std::move(entry);
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
                                  {"tutor_fits", run.tutor_model.fits},
                                  {"final_parameters", std::move(parameters)},
                                  {"models", std::move(models)}};
        streams.out << json::serialize(report) << '\n';
        return exit_ok;
    }

    streams.out << log->reviews.size() << " reviews of " << log->card_names.size() << " cards; " << run.reviews.size()
                << " predicted ("
                << fixed(100.0 * static_cast<double>(recalled) / static_cast<double>(run.reviews.size()), 2)
                << "% recalled), each from earlier reviews only; days start at " << day_start << " UTC; "
                << grading_text(grading) << "\n\n";
    streams.out << "reviews    model    log loss  RMSE(bins)  AUC     n\n";
    for (const auto span : recall::all_spans) {
        for (const auto m : recall::all_models) {
            const auto result = recall::evaluate(run, m, span);
            if (result.n == 0) {
                continue;
            }
            std::string rows(span_label(span));
            rows.resize(11, ' ');
            std::string name(recall::name(m));
            name.resize(9, ' ');
            streams.out << rows << name << fixed(result.log_loss, 4) << "    " << fixed(result.rmse_bins, 4) << "      "
                        << fixed(result.auc, 4) << "  " << result.n << '\n';
        }
    }
    streams.out << "\nFSRS-6 refitted " << run.fits << " times on the past; the tutor's model adopted "
                << run.tutor_model.fits << " fits";
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
    "FILE.csv [--json] [--next-day-starts-at HOUR] [--min-reviews N] [--grading logged|pass-fail|time]",
    "compares recall models on a review log: FSRS-6 default, FSRS-6 fitted online, the tutor's model (log loss, "
    "RMSE(bins), AUC, n), over all reviews, same-day ones and those a day or more after the card's previous one",
    eval,
};

} // namespace quiz::bot::cli
