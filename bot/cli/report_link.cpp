// SPDX-License-Identifier: MIT
// `quizbot report link`: a signed dashboard link for operators, with the key `quizbot serve` signs with.
#include "bot/assembly/dashboard_key.hpp"
#include "bot/assembly/sources.hpp"
#include "bot/cli/args.hpp"
#include "bot/cli/commands.hpp"
#include "bot/cli/database_path.hpp"
#include "bot/cli/option_values.hpp"
#include "bot/dashboard/report_link.hpp"
#include "bot/report/scope_text.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <ostream>

namespace quiz::bot::cli {

namespace {

std::string environment_or(const char* name, std::string fallback)
{
    const char* value = std::getenv(name); // NOLINT(concurrency-mt-unsafe): read once, before any thread
    return value != nullptr && *value != '\0' ? std::string(value) : std::move(fallback);
}

int run_report_link(const std::vector<std::string_view>& words, io streams)
{
    const args parsed = args::parse(words, {"scope", "by", "hours", "db"});
    if (!parsed.positionals().empty()) {
        throw usage_error("unexpected argument '" + parsed.positionals().front() + "'");
    }
    const std::string scope = parsed.value_or("scope", "local");
    if (!report::parse_scope(scope)) {
        throw usage_error("--scope: expected local, PLATFORM:ID or PLATFORM:ID/CHANNEL, not '" + scope + "'");
    }
    const std::string by = parsed.value_or("by", "cli");
    const int hours = number_option(parsed, "hours", 1, 1, 24 * 7);
    const std::string db_path = database_path(parsed);
    const secret configured(environment_or("QUIZBOT_REPORT_SECRET", ""));
    // The same rule as `quizbot serve`'s (bot/config.cpp): a key the server would refuse signs no working link.
    if (!configured.empty() && (configured.reveal().size() < 32 || std::ranges::any_of(configured.reveal(), [](char c) {
                                    return static_cast<unsigned char>(c) <= ' ' || c == '\x7f';
                                }))) {
        throw usage_error("QUIZBOT_REPORT_SECRET must be at least 32 bytes without spaces or control characters");
    }
    std::string base = environment_or("QUIZBOT_PUBLIC_URL", "http://127.0.0.1:8080");
    while (!base.empty() && base.back() == '/') {
        base.pop_back();
    }
    const auto now = assembly::system_clock()();
    std::string key;
    if (!configured.empty()) {
        key = configured.reveal();
    } else {
        // The key kept in the database: without it, a link would be signed with a key the server does not have.
        if (no_database_at(db_path)) {
            streams.err << "error: no database at " << db_path << " (see --db and QUIZBOT_DB)\n";
            return exit_failure;
        }
        try {
            key = assembly::dashboard_key(configured, *assembly::open_storage({db_path}), now);
        } catch (const assembly::database_unavailable& e) {
            streams.err << "error: " << e.what() << '\n';
            return exit_failure;
        }
    }
    const dashboard::report_links links(std::move(key));
    const auto until = std::chrono::time_point_cast<std::chrono::seconds>(now) + std::chrono::hours{hours};
    streams.out << base << "/reports?" << links.query({scope, by, until}) << '\n';
    return exit_ok;
}

} // namespace

const command report_link_command{
    {"report", "link"},
    "[--scope local|PLATFORM:ID[/CHANNEL]] [--by NAME] [--hours 1] [--db PATH]",
    "print a signed link to the instructors' dashboard of a class",
    run_report_link,
    "The link opens <QUIZBOT_PUBLIC_URL>/reports for --scope (default local: everything) for --hours (default 1).\n"
    "It is signed with QUIZBOT_REPORT_SECRET, else with the key kept in the database (--db $QUIZBOT_DB or\n"
    "./data/quizbot.db), the one `quizbot serve` uses. --by names who asked (default cli). Anyone holding the link\n"
    "sees the class until it expires: send it only to the instructor.\n",
};

} // namespace quiz::bot::cli
