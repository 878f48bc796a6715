// SPDX-License-Identifier: MIT
#include "bot/cli/srs_input.hpp"

#include <charconv>
#include <fstream>
#include <ostream>
#include <variant>

namespace quiz::bot::cli {

namespace {

template <class Int>
std::optional<Int> parse_whole(std::string_view text)
{
    Int value{};
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc{} || end != text.data() + text.size()) {
        return std::nullopt;
    }
    return value;
}

std::string shown_name(const args& parsed)
{
    const std::string& path = parsed.positionals().front();
    return path == "-" ? "<stdin>" : path;
}

} // namespace

std::optional<review_log> load_review_log(const args& parsed, io streams)
{
    if (parsed.positionals().size() != 1) {
        throw usage_error(parsed.positionals().empty()
                              ? "missing the review log FILE.csv"
                              : "expected one review log, got " + std::to_string(parsed.positionals().size()));
    }
    const std::string& path = parsed.positionals().front();
    std::ifstream file;
    if (path != "-") {
        file.open(path, std::ios::binary);
        if (!file) {
            streams.err << path << ": error: cannot open the file\n";
            return std::nullopt;
        }
    }
    auto result = read_review_log(path == "-" ? streams.in : file);
    if (auto* problem = std::get_if<review_log_problem>(&result)) {
        streams.err << shown_name(parsed) << ':' << problem->line << ": error: " << problem->message << '\n';
        return std::nullopt;
    }
    return std::get<review_log>(std::move(result));
}

engine::recall::predictor_options predictor_options_from(const args& parsed)
{
    engine::recall::predictor_options options;
    if (const auto text = parsed.value("next-day-starts-at")) {
        const auto hour = parse_whole<int>(*text);
        if (!hour || *hour < 0 || *hour > 23) {
            throw usage_error("--next-day-starts-at must be an hour from 0 to 23 (UTC), got '" + *text + "'");
        }
        options.clock.day_start = std::chrono::hours{*hour};
    }
    if (const auto text = parsed.value("min-reviews")) {
        const auto count = parse_whole<std::size_t>(*text);
        if (!count) {
            throw usage_error("--min-reviews must be a whole number, got '" + *text + "'");
        }
        options.fit.minimum_items = *count;
    }
    return options;
}

engine::recall::grading grading_from(const args& parsed)
{
    const std::string text = parsed.value_or("grading", "logged");
    const auto how = engine::recall::parse_grading(text);
    if (!how) {
        throw usage_error("--grading must be logged, pass-fail or time, got '" + text + "'");
    }
    return *how;
}

std::optional<std::vector<engine::recall::logged_review>> graded_reviews(const args& parsed, const review_log& log,
                                                                         engine::recall::grading how, io streams)
{
    if (how == engine::recall::grading::response_time && !engine::recall::has_durations(log.reviews)) {
        streams.err << shown_name(parsed)
                    << ": error: --grading time needs response times, and no row has a review_duration\n";
        return std::nullopt;
    }
    return engine::recall::regrade(log.reviews, how);
}

} // namespace quiz::bot::cli
