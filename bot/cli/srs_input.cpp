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

} // namespace

std::optional<review_log> load_review_log(const args& parsed, io streams)
{
    if (parsed.positionals().size() != 1) {
        throw usage_error(parsed.positionals().empty() ? "missing the review log FILE.csv"
                                                       : "expected one review log, got " +
                                                             std::to_string(parsed.positionals().size()));
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
        streams.err << (path == "-" ? "<stdin>" : path) << ':' << problem->line << ": error: " << problem->message
                    << '\n';
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

} // namespace quiz::bot::cli
