// SPDX-License-Identifier: MIT
// `quizbot srs generate --shape NAME [--seed N]`: a simulated review log shaped like the tutor's own, as CSV.
#include "bot/cli/args.hpp"
#include "bot/cli/commands.hpp"
#include "bot/time_text.hpp"
#include "engine/sim/review_log_family.hpp"

#include <charconv>
#include <ostream>
#include <string>
#include <system_error>

namespace quiz::bot::cli {

namespace {

namespace sim = engine::sim;

std::string shape_names()
{
    std::string names;
    for (const auto& shape : sim::review_log_shapes()) {
        names.append(names.empty() ? "" : ", ").append(shape.name);
    }
    return names;
}

std::uint64_t seed_from(const args& parsed)
{
    const auto text = parsed.value("seed");
    if (!text) {
        return 1;
    }
    std::uint64_t seed = 0;
    const auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), seed);
    if (text->empty() || error != std::errc{} || end != text->data() + text->size()) {
        throw usage_error("--seed must be a whole number from 0 to 18446744073709551615, got '" + *text + "'");
    }
    return seed;
}

int generate(const std::vector<std::string_view>& words, io streams)
{
    const auto parsed = args::parse(words, {"shape", "seed"});
    if (!parsed.positionals().empty()) {
        throw usage_error("unexpected argument '" + parsed.positionals().front() + "'");
    }
    const auto name = parsed.value("shape");
    if (!name) {
        throw usage_error("--shape is required: one of " + shape_names());
    }
    const auto shape = sim::find_review_log_shape(*name);
    if (!shape) {
        throw usage_error("unknown shape '" + *name + "': the shapes are " + shape_names());
    }
    const auto log = sim::generate_review_log(*shape, seed_from(parsed));

    std::string out = "card_id,review_rating,review_time,review_duration\n";
    for (const auto& review : log) {
        out += std::to_string(review.card.value());
        out += ',';
        out += static_cast<char>('0' + static_cast<int>(review.grade));
        out += ',';
        out += format_iso8601(review.time);
        out += ',';
        if (review.duration) {
            out += std::to_string(review.duration->count());
        }
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

const command srs_generate_command{
    {"srs", "generate"},
    "--shape typical|few|heavy|far|deep-card|class [--seed N]",
    "writes a simulated review log shaped like the tutor's (same-session retries, pass/fail grades) as the CSV that "
    "srs eval reads; the same shape and seed give the same log",
    generate,
};

} // namespace quiz::bot::cli
