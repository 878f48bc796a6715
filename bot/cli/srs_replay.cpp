// SPDX-License-Identifier: MIT
// `quizbot srs replay`: runs review histories through the FSRS-6 scheduler, one JSON line in, one JSON line out.
#include "bot/cli/args.hpp"
#include "bot/cli/commands.hpp"
#include "bot/time_text.hpp"
#include "engine/fsrs/fsrs_scheduler.hpp"
#include "engine/numeric/js_number.hpp"

#include <boost/json.hpp>

#include <charconv>
#include <cmath>
#include <istream>
#include <ostream>
#include <string>
#include <system_error>
#include <unordered_map>
#include <variant>
#include <vector>

namespace quiz::bot::cli {

namespace {

namespace fsrs = engine::fsrs;
namespace json = boost::json;

std::optional<double> parse_number(std::string_view text)
{
    double value = 0.0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc{} || end != text.data() + text.size() || !std::isfinite(value)) {
        return std::nullopt;
    }
    return value;
}

template <class Int>
std::optional<Int> parse_integer(std::string_view text)
{
    Int value{};
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc{} || end != text.data() + text.size()) {
        return std::nullopt;
    }
    return value;
}

std::vector<double> parse_parameter_list(std::string_view text)
{
    std::vector<double> values;
    while (true) {
        const auto comma = text.find(',');
        const auto value = parse_number(text.substr(0, comma));
        if (!value) {
            throw usage_error("--params: '" + std::string(text.substr(0, comma)) + "' is not a number");
        }
        values.push_back(*value);
        if (comma == std::string_view::npos) {
            return values;
        }
        text.remove_prefix(comma + 1);
    }
}

fsrs::scheduler_options options_from(const args& parsed)
{
    if (!parsed.positionals().empty()) {
        throw usage_error("unexpected argument '" + parsed.positionals().front() + "' (reviews are read on stdin)");
    }
    fsrs::scheduler_options options;
    if (const auto text = parsed.value("retention")) {
        const auto value = parse_number(*text);
        if (!value || *value <= 0.0 || *value > 1.0) {
            throw usage_error("--retention must be a number in (0, 1], got '" + *text + "'");
        }
        options.desired_retention = *value;
    }
    const std::string short_term = parsed.value_or("short-term", "on");
    if (short_term != "on" && short_term != "off") {
        throw usage_error("--short-term must be 'on' or 'off', got '" + short_term + "'");
    }
    options.short_term = short_term == "on";
    if (const auto text = parsed.value("max-interval")) {
        const auto value = parse_integer<int>(*text);
        if (!value || *value < 1 || *value > 36500) {
            throw usage_error("--max-interval must be a whole number of days from 1 to 36500, got '" + *text + "'");
        }
        options.maximum_interval = *value;
    }
    for (const auto& [name, steps] : {std::pair{"learning-steps", &options.learning_steps},
                                      std::pair{"relearning-steps", &options.relearning_steps}}) {
        if (const auto text = parsed.value(name)) {
            auto parsed_steps = fsrs::parse_steps(*text);
            if (!parsed_steps) {
                throw usage_error(std::string("--") + name + " must look like '1m,10m' (whole m, h or d), got '" +
                                  *text + "'");
            }
            *steps = std::move(*parsed_steps);
        }
    }
    if (const auto text = parsed.value("params")) {
        const auto values = parse_parameter_list(*text);
        const auto w =
            fsrs::migrate_parameters(values, options.short_term, static_cast<int>(options.relearning_steps.size()));
        if (!w) {
            throw usage_error("--params needs 21 values (FSRS-6), or 19 (FSRS-5) or 17 (FSRS-4.5), got " +
                              std::to_string(values.size()));
        }
        options.w = *w;
    }
    if (const auto text = parsed.value("fuzz-seed")) {
        const auto value = parse_integer<std::uint64_t>(*text);
        if (!value) {
            throw usage_error("--fuzz-seed must be a non-negative whole number, got '" + *text + "'");
        }
        options.fuzz_seed = *value;
    }
    if (const auto problem = fsrs::validate(options)) {
        throw usage_error(std::string(*problem));
    }
    return options;
}

struct review_line {
    std::string card;
    microtime time;
    fsrs::rating rating;
};

// A review, or why the line is not one.
std::variant<review_line, std::string> parse_line(std::string_view line)
{
    std::error_code error;
    const json::value parsed = json::parse(line, error);
    if (error) {
        return "invalid JSON (" + error.message() + ")";
    }
    const json::object* object = parsed.if_object();
    if (object == nullptr) {
        return std::string("expected a JSON object");
    }
    const json::value* card = object->if_contains("card");
    if (card == nullptr || !card->is_string()) {
        return std::string("missing \"card\" (a string)");
    }
    const json::value* time = object->if_contains("time");
    if (time == nullptr || !time->is_string()) {
        return std::string("missing \"time\" (an ISO-8601 date-time string)");
    }
    const auto when = parse_iso8601(time->get_string());
    if (!when) {
        return "bad \"time\" '" + std::string(time->get_string()) +
               "': expected ISO-8601 with a UTC offset, e.g. 2024-01-01T12:00:00Z";
    }
    const json::value* rating = object->if_contains("rating");
    const auto grade = rating == nullptr ? std::optional<std::int64_t>{} : rating->to_number<std::int64_t>(error);
    if (rating == nullptr || error || !(rating->is_int64() || rating->is_uint64()) || *grade < 1 || *grade > 4) {
        return std::string("\"rating\" must be 1 (again), 2 (hard), 3 (good) or 4 (easy)");
    }
    return review_line{std::string(card->get_string()), *when, static_cast<fsrs::rating>(*grade)};
}

void write_number(std::string& out, std::string_view key, double value)
{
    out += ",\"";
    out += key;
    out += "\":";
    out += fsrs::js_number_text(value);
}

int replay(const std::vector<std::string_view>& words, io streams)
{
    const auto parsed = args::parse(words, {"retention", "short-term", "params", "max-interval", "learning-steps",
                                            "relearning-steps", "fuzz-seed"});
    const fsrs::scheduler scheduler(options_from(parsed));

    struct card_history {
        fsrs::card card;
        microtime last_time;
    };
    std::unordered_map<std::string, card_history> cards;
    bool any_bad = false;
    std::string line;
    std::string out;
    for (std::size_t number = 1; std::getline(streams.in, line); ++number) {
        if (!line.empty() && line.back() == '\r') {
            line.pop_back();
        }
        if (line.find_first_not_of(" \t") == std::string::npos) {
            continue;
        }
        auto result = parse_line(line);
        if (auto* problem = std::get_if<std::string>(&result)) {
            streams.err << "line " << number << ": " << *problem << '\n';
            any_bad = true;
            continue;
        }
        auto& review = std::get<review_line>(result);
        const auto now = std::chrono::floor<std::chrono::milliseconds>(review.time);
        auto found = cards.find(review.card);
        if (found != cards.end() && review.time < found->second.last_time) {
            streams.err << "line " << number << ": time goes backwards for card "
                        << json::serialize(json::string(review.card)) << " (" << format_iso8601(review.time)
                        << " is before " << format_iso8601(found->second.last_time) << ")\n";
            any_bad = true;
            continue;
        }
        if (found == cards.end()) {
            found = cards.emplace(review.card, card_history{fsrs::new_card(now), review.time}).first;
        }
        auto& history = found->second;
        const bool first = history.card.state == fsrs::card_state::new_card;
        const double retrievability = first ? 0.0 : scheduler.retrievability(history.card, now);
        history.card = scheduler.review(history.card, now, review.rating);
        history.last_time = review.time;

        out.clear();
        out += "{\"card\":";
        out += json::serialize(json::string(review.card));
        if (!first) {
            write_number(out, "retrievability", retrievability);
        }
        write_number(out, "stability", history.card.stability);
        write_number(out, "difficulty", history.card.difficulty);
        out += ",\"scheduled_days\":";
        out += std::to_string(history.card.scheduled_days);
        out += ",\"due\":\"";
        out += format_iso8601_millis(history.card.due);
        out += "\",\"state\":\"";
        out += fsrs::name(history.card.state);
        out += "\"}\n";
        streams.out << out;
    }
    return any_bad ? exit_failure : exit_ok;
}

} // namespace

const command srs_replay_command{
    {"srs", "replay"},
    "[--retention 0.9] [--short-term on|off] [--params w0,...,w20] [--max-interval 36500] "
    "[--learning-steps 1m,10m] [--relearning-steps 10m] [--fuzz-seed N] < reviews.jsonl",
    "Replays review histories through FSRS-6 (ts-fsrs 5.4.2 compatible): reads {\"card\",\"time\",\"rating\"} JSON "
    "lines, writes each card's retrievability, stability, difficulty, interval and due date per review",
    replay,
};

} // namespace quiz::bot::cli
