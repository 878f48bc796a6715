// SPDX-License-Identifier: MIT
// `quizbot srs predict FILE.csv`: the probability of recall of every review after a card's first, as CSV.
#include "bot/cli/args.hpp"
#include "bot/cli/commands.hpp"
#include "bot/cli/srs_input.hpp"

#include <charconv>
#include <ostream>
#include <string>

namespace quiz::bot::cli {

namespace {

namespace recall = engine::recall;

void append_probability(std::string& out, double p)
{
    char buffer[32];
    const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, p, std::chars_format::fixed, 6);
    out.append(buffer, error == std::errc{} ? end : buffer);
}

int predict(const std::vector<std::string_view>& words, io streams)
{
    const auto parsed = args::parse(words, {"model", "next-day-starts-at", "min-reviews", "grading"});
    auto options = predictor_options_from(parsed);
    const std::string model_name = parsed.value_or("model", "tutor");
    const auto chosen = recall::parse_model(model_name);
    if (!chosen) {
        throw usage_error("--model must be default, fitted or tutor, got '" + model_name + "'");
    }
    options.fit_models = *chosen != recall::model::fsrs_default;
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
    std::string out = "card_id,review_time,review_rating,p_recall\n";
    for (const auto& review : run.reviews) {
        const auto& source = log->reviews[review.row];
        out += log->card_names[static_cast<std::size_t>(source.card.value())];
        out += ',';
        out += log->time_texts[review.row];
        out += ',';
        out += static_cast<char>('0' + static_cast<int>(source.grade));
        out += ',';
        append_probability(out, review.probability(*chosen));
        out += '\n';
        if (out.size() > (1U << 16U)) {
            streams.out << out;
            out.clear();
        }
    }
    streams.out << out;
    return exit_ok;
}

} // namespace

const command srs_predict_command{
    {"srs", "predict"},
    "FILE.csv [--model default|fitted|tutor] [--next-day-starts-at HOUR] [--min-reviews N] "
    "[--grading logged|pass-fail|time]",
    "predicts recall for every review after a card's first (CSV card_id,review_rating,review_time[,review_duration]"
    " in; card_id,review_time,review_rating,p_recall out), each from earlier reviews only",
    predict,
};

} // namespace quiz::bot::cli
