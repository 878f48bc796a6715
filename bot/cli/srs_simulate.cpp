// SPDX-License-Identifier: MIT
// `quizbot srs simulate`: simulated learners study a simulated course for a semester under each scheduler.
#include "bot/cli/args.hpp"
#include "bot/cli/commands.hpp"
#include "bot/cli/number_text.hpp"
#include "bot/cli/option_values.hpp"
#include "engine/sim/simulation.hpp"

#include <boost/json.hpp>

#include <cmath>
#include <cstdio>
#include <ostream>
#include <string>

namespace quiz::bot::cli {

namespace {

namespace sim = engine::sim;
namespace json = boost::json;

std::vector<sim::policy> policies_from(const args& parsed)
{
    const auto text = parsed.value("policies");
    if (!text) {
        return {sim::all_policies.begin(), sim::all_policies.end()};
    }
    std::vector<sim::policy> policies;
    std::string_view rest = *text;
    while (true) {
        const auto comma = rest.find(',');
        const auto item = rest.substr(0, comma);
        const auto policy = sim::parse_policy(item);
        if (!policy) {
            throw usage_error("--policies takes a comma-separated list of random, leitner, fsrs, fsrs+steps, "
                              "tutor, tutor+practice; got '" +
                              std::string(item) + "'");
        }
        policies.push_back(*policy);
        if (comma == std::string_view::npos) {
            return policies;
        }
        rest.remove_prefix(comma + 1);
    }
}

std::string padded(std::string text, std::size_t width)
{
    if (text.size() < width) {
        text.insert(0, width - text.size(), ' ');
    }
    return text;
}

int simulate(const std::vector<std::string_view>& words, io streams)
{
    const auto parsed = args::parse(words,
                                    {"seed", "learners", "days", "questions", "concepts", "new-per-day", "retention",
                                     "tutor-retention", "policies", "form-moves-due"},
                                    {"json", "no-retry", "no-follow-up", "no-cold-start"});
    if (!parsed.positionals().empty()) {
        throw usage_error("unexpected argument '" + parsed.positionals().front() + "'");
    }
    sim::options options;
    options.seed = number_option<std::uint64_t>(parsed, "seed", 1, 0, UINT64_MAX);
    options.learners = number_option(parsed, "learners", options.learners, 1, 100'000);
    options.days = number_option(parsed, "days", options.days, 1, 3650);
    options.questions = number_option(parsed, "questions", options.questions, 2, 100'000);
    options.concepts = number_option(parsed, "concepts", options.concepts, 1, options.questions);
    options.new_per_day = number_option(parsed, "new-per-day", options.new_per_day, 1, 1000);
    options.retention = number_option(parsed, "retention", options.retention, 0.7, 0.97);
    if (const auto text = parsed.value("tutor-retention"); text && *text != "optimal") {
        options.tutor_retention = number_option(parsed, "tutor-retention", 0.9, 0.7, 0.97);
    }
    options.policies = policies_from(parsed);
    // Ablations of the tutor, for docs/tutor.md.
    options.tutor.retry_gap = parsed.flag("no-retry") ? 0 : options.tutor.retry_gap;
    options.tutor.misconception_follow_up = !parsed.flag("no-follow-up");
    options.tutor.cold_start = !parsed.flag("no-cold-start");
    if (const auto mode = parsed.value("form-moves-due")) {
        if (*mode == "none") {
            options.tutor.form_moves_due = engine::form_scheduling::none;
        } else if (*mode == "delay") {
            options.tutor.form_moves_due = engine::form_scheduling::delay_only;
        } else if (*mode == "both") {
            options.tutor.form_moves_due = engine::form_scheduling::both;
        } else {
            throw usage_error("--form-moves-due takes none, delay or both; got '" + *mode + "'");
        }
    }

    const auto result = sim::simulate(options);

    if (parsed.flag("json")) {
        json::array rows;
        for (const auto& row : result.policies) {
            rows.push_back(json::object{{"policy", sim::name(row.which)},
                                        {"knowledge", row.knowledge},
                                        {"minutes_per_day", row.minutes_per_day},
                                        {"knowledge_per_minute", row.knowledge_per_minute},
                                        {"exam", row.exam},
                                        {"answers_per_day", row.answers_per_day},
                                        {"accuracy", row.accuracy},
                                        {"introduced", row.introduced},
                                        {"recall_at_review", row.recall_at_review},
                                        {"mean_form", row.mean_form}});
        }
        const json::object report{{"seed", options.seed},           {"learners", options.learners},
                                  {"days", options.days},           {"questions", options.questions},
                                  {"concepts", options.concepts},   {"new_per_day", options.new_per_day},
                                  {"retention", options.retention}, {"tutor_retention", result.tutor_retention},
                                  {"policies", std::move(rows)}};
        streams.out << json::serialize(report) << '\n';
        return exit_ok;
    }

    streams.out << options.learners << " simulated learners, " << options.days << " days, " << options.questions
                << " questions in " << options.concepts << " concepts, at most " << options.new_per_day
                << " new questions a day, FSRS retention " << fixed(options.retention, 2) << ", tutor retention "
                << fixed(result.tutor_retention, 2) << (options.tutor_retention ? "" : " (chosen)") << ", seed "
                << options.seed << "\n\n";
    streams.out
        << "policy          knowledge  min/day  knowledge/min  exam   answers/day  accuracy  seen  recall at review\n";
    for (const auto& row : result.policies) {
        std::string name(sim::name(row.which));
        name.resize(14, ' ');
        streams.out << name << padded(fixed(row.knowledge, 1), 11) << padded(fixed(row.minutes_per_day, 2), 9)
                    << padded(fixed(row.knowledge_per_minute, 2), 15) << padded(fixed(100.0 * row.exam, 1) + "%", 7)
                    << padded(fixed(row.answers_per_day, 1), 13) << padded(fixed(100.0 * row.accuracy, 1) + "%", 10)
                    << padded(fixed(100.0 * row.introduced, 0) + "%", 6)
                    << padded(fixed(100.0 * row.recall_at_review, 1) + "%", 18) << '\n';
    }
    streams.out << "\nknowledge: Σ recall probability over the course's questions, averaged over the days; "
                   "min/day: study minutes averaged over all days;\nexam: knowledge the morning after the last day, "
                   "as a share of the questions; seen: questions met at least once;\nrecall at review: the true recall "
                   "probability when a question seen before was asked again\n";
    return exit_ok;
}

} // namespace

const command srs_simulate_command{
    {"srs", "simulate"},
    "[--seed N] [--learners N] [--days N] [--questions N] [--concepts N] [--new-per-day N] [--retention R] "
    "[--tutor-retention R|optimal] "
    "[--policies LIST] [--json] [--no-retry] [--no-follow-up] [--no-cold-start] [--form-moves-due none|delay|both]",
    "simulated learners study a semester under random order, Leitner, FSRS-6 at fixed retention and the tutor: "
    "knowledge, study time, knowledge per minute, final exam",
    simulate,
};

} // namespace quiz::bot::cli
