// SPDX-License-Identifier: MIT
// `quizbot remind preview [--at TIME]`: the reminders the server would send at TIME, found and decided by the same
// claim as `quizbot serve`, inside a transaction that is rolled back: nothing is sent or recorded.
#include "bot/assembly/core.hpp"
#include "bot/cli/args.hpp"
#include "bot/cli/commands.hpp"
#include "bot/cli/content_dir.hpp"
#include "bot/cli/database_path.hpp"
#include "bot/cli/number_text.hpp"
#include "bot/cli/option_values.hpp"
#include "bot/logging.hpp"
#include "bot/time_text.hpp"
#include "content/pack_loader.hpp"
#include "engine/reminders/reminder_claims.hpp"

#include <spdlog/logger.h>

#include <array>
#include <chrono>
#include <filesystem>
#include <ostream>
#include <string>

namespace quiz::bot::cli {

namespace {

// By reminder_verdict, for the skipped ones.
constexpr std::array<std::string_view, 6> skip_names{
    "", "late (the server was down)", "quiet hours", "reviewed today", "studying now", "nothing due"};

std::string_view pace_name(engine::reminder_pace pace)
{
    switch (pace) {
    case engine::reminder_pace::daily:
        return "daily";
    case engine::reminder_pace::every_other_day:
        return "every other day";
    case engine::reminder_pace::weekly:
        return "weekly";
    }
    return "daily";
}

int run_remind_preview(const std::vector<std::string_view>& words, io streams)
{
    const args parsed = args::parse(words, {"db", "content", "at"});
    if (!parsed.positionals().empty()) {
        throw usage_error("unexpected argument '" + parsed.positionals().front() + "'");
    }
    const std::string path = database_path(parsed);
    if (no_database_at(path)) {
        streams.err << "error: no database at " << path << " (see --db and QUIZBOT_DB)\n";
        return exit_failure;
    }
    auto clock = assembly::clock_at(instant_option(parsed, "at"));
    const std::vector<std::filesystem::path> dirs{content_dir(parsed)};
    auto loaded = content::load_packs(dirs);
    if (!loaded.ok()) {
        for (const auto& d : loaded.diagnostics) {
            streams.err << d << '\n';
        }
        return exit_failure;
    }
    assembly::packs packs;
    for (auto& p : loaded.packs) {
        packs.add(std::move(p));
    }
    try {
        const auto log = make_stderr_logger(log_format::plain);
        log->set_level(spdlog::level::warn);
        assembly::core_options core_options;
        core_options.clock = std::move(clock);
        assembly::core core(assembly::open_storage({path}), std::move(packs), core_options, *log);
        const auto at = core.clock()();
        std::vector<engine::claimed_reminder> to_send;
        std::array<int, 6> skipped{};
        // One unit of the writer, rolled back once it has run: a preview changes nothing.
        core.run_rolled_back([&] {
            const auto due_count = core.due_reviews();
            for (bool more = true; more;) {
                auto claims =
                    engine::claim_due_reminders(core.storage().reminder_book(), core.zones(), due_count, at, 500);
                to_send.insert(to_send.end(), claims.to_send.begin(), claims.to_send.end());
                for (std::size_t i = 0; i < skipped.size(); ++i) {
                    skipped.at(i) += claims.skipped.at(i);
                }
                more = claims.more;
            }
        });
        const auto when = [](engine::instant t) {
            return format_iso8601(std::chrono::time_point_cast<std::chrono::microseconds>(t));
        };
        streams.out << "at " << when(at) << ": " << counted(to_send.size(), "reminder") << " to send\n";
        for (const auto& r : to_send) {
            streams.out << "  " << r.who.platform << ':' << r.who.external_id << "  " << r.due << " due, about "
                        << r.minutes << " min, " << pace_name(r.pace) << " (due since " << when(r.scheduled) << ")\n";
        }
        for (std::size_t i = 1; i < skipped.size(); ++i) {
            if (skipped.at(i) > 0) {
                streams.out << "skipped, " << skip_names.at(i) << ": " << skipped.at(i) << '\n';
            }
        }
    } catch (const assembly::database_unavailable& e) {
        streams.err << "error: " << e.what() << '\n';
        return exit_failure;
    }
    return exit_ok;
}

} // namespace

const command remind_preview_command{
    {"remind", "preview"},
    "[--at TIME] [--db PATH] [--content DIR]",
    "list the reminders by DM the server would send at TIME (default now), and those it would skip; changes nothing",
    run_remind_preview,
};

} // namespace quiz::bot::cli
