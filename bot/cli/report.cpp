// SPDX-License-Identifier: MIT
// `quizbot report items|learners|concepts|activity`: the instructor reports in the terminal, as CSV or as JSON.
#include "bot/assembly/storage_engine.hpp"
#include "bot/cli/args.hpp"
#include "bot/cli/commands.hpp"
#include "bot/cli/content_dir.hpp"
#include "bot/cli/database_path.hpp"
#include "bot/cli/option_values.hpp"
#include "bot/database_location.hpp"
#include "bot/report/class_tables.hpp"
#include "bot/report/pack_rows.hpp"
#include "bot/report/scope_text.hpp"
#include "bot/report/writers.hpp"
#include "engine/reports/activity_report.hpp"

#include <chrono>
#include <filesystem>
#include <ostream>
#include <string>

namespace quiz::bot::cli {

namespace {

enum class report_kind : unsigned char { items, learners, concepts, activity };

struct report_options {
    engine::report_scope scope;
    std::optional<std::string> pack;
    report::format how = report::format::text;
    std::string db;
    std::filesystem::path content;
    engine::instant now;
};

/// PLATFORM:ID or PLATFORM:ID/CHANNEL (the workspace as its platform names it: a Discord server id, a Slack team id),
/// or "local" (everything, as without --scope).
engine::report_scope parse_scope(const std::string& text)
{
    auto scope = report::parse_scope(text);
    if (!scope) {
        throw usage_error(
            "--scope: expected local, PLATFORM:ID or PLATFORM:ID/CHANNEL (e.g. discord:80351110224678912), not '" +
            text + "'");
    }
    return *std::move(scope);
}

report_options parse_report_options(const std::vector<std::string_view>& words)
{
    const args parsed = args::parse(words, {"scope", "pack", "format", "db", "content", "now"});
    if (!parsed.positionals().empty()) {
        throw usage_error("unexpected argument '" + parsed.positionals().front() + "'");
    }
    report_options options;
    if (const auto scope = parsed.value("scope")) {
        options.scope = parse_scope(*scope);
    }
    options.pack = parsed.value("pack");
    if (options.pack && options.pack->empty()) {
        throw usage_error("--pack needs a pack key");
    }
    const std::string how = parsed.value_or("format", "table");
    const auto format = report::parse_format(how);
    if (!format) {
        throw usage_error("--format must be table, csv or json, not '" + how + "'");
    }
    options.how = *format;
    options.db = database_path(parsed);
    options.content = content_dir(parsed);
    // The clock only when --now is not given: tests and the docs' samples fix it.
    options.now =
        instant_option(parsed, "now")
            .value_or(std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::now()));
    return options;
}

/// The pack a per-pack report is about: --pack, else the one pack answered in scope.
std::optional<engine::pack_key> chosen_pack(const report_options& options, engine::report_source& source,
                                            std::ostream& err)
{
    if (options.pack) {
        return engine::pack_key{*options.pack};
    }
    const auto answered = source.packs(options.scope);
    if (answered.empty()) {
        err << "error: no answers in scope yet; name a pack with --pack\n";
        return std::nullopt;
    }
    if (answered.size() > 1) {
        std::string keys;
        for (const auto& key : answered) {
            keys += (keys.empty() ? "" : ", ") + key.value();
        }
        throw usage_error("several packs were answered in scope (" + keys + "): choose one with --pack");
    }
    return answered.front();
}

std::optional<report::table> pack_table(report_kind kind, const report_options& options, engine::report_source& source,
                                        std::ostream& err)
{
    const auto key = chosen_pack(options, source, err);
    if (!key) {
        return std::nullopt;
    }
    auto content = load_pack_named(options.content, key->value(), err);
    if (!content) {
        return std::nullopt;
    }
    const engine::pack_index index(std::move(*content));
    auto rows = report::load_pack_rows(source, options.scope, index, options.now);
    switch (kind) {
    case report_kind::items:
        return report::items_table(rows.items);
    case report_kind::learners:
        return report::learners_table(index, rows.learners);
    case report_kind::concepts:
    case report_kind::activity:
        break;
    }
    return report::concepts_table(rows.concepts);
}

int run_report(report_kind kind, const std::vector<std::string_view>& words, io streams)
{
    const report_options options = parse_report_options(words);
    // Opening creates a missing file: a mistyped --db must not leave an empty database behind.
    if (no_database_at(options.db)) {
        streams.err << "error: no database at " << options.db << " (see --db and QUIZBOT_DB)\n";
        return exit_failure;
    }
    try {
        const auto storage = assembly::open_storage({.location = options.db});
        const auto reports = storage->open_report_source();
        engine::report_source& source = *reports;
        std::optional<report::table> rows;
        if (kind == report_kind::activity) {
            const std::optional<engine::pack_key> pack = options.pack ? std::optional(engine::pack_key{*options.pack})
                                                                      : std::nullopt;
            rows = report::activity_table(engine::activity_report(source.answers(options.scope, pack)));
        } else {
            rows = pack_table(kind, options, source, streams.err);
        }
        if (!rows) {
            return exit_failure;
        }
        report::write(streams.out, *rows, options.how);
    } catch (const assembly::database_unavailable& e) {
        streams.err << "error: " << e.what() << '\n';
        return exit_failure;
    }
    return exit_ok;
}

int run_items(const std::vector<std::string_view>& words, io streams)
{
    return run_report(report_kind::items, words, streams);
}

int run_learners(const std::vector<std::string_view>& words, io streams)
{
    return run_report(report_kind::learners, words, streams);
}

int run_concepts(const std::vector<std::string_view>& words, io streams)
{
    return run_report(report_kind::concepts, words, streams);
}

int run_activity(const std::vector<std::string_view>& words, io streams)
{
    return run_report(report_kind::activity, words, streams);
}

constexpr std::string_view report_usage = "[--scope local|PLATFORM:ID[/CHANNEL]] [--pack KEY] [--format "
                                          "table|csv|json] [--db PATH] [--content DIR] [--now TIME]";

constexpr std::string_view report_details =
    "Without --scope: every learner and every answer (the operator of this machine sees all). --scope PLATFORM:ID:\n"
    "the learners of one workspace (a Discord server, a Slack team) and the answers given there; /CHANNEL narrows\n"
    "it to those who played a round in that channel. --pack KEY: the pack (default: the one pack answered in\n"
    "scope). --format table (aligned columns), csv (RFC 4180; text cells starting with = + - @ tab or CR get a\n"
    "leading ') or json (an array of objects). --content $QUIZBOT_CONTENT or ./content/packs (questions' texts and\n"
    "concepts); --db $QUIZBOT_DB or ./data/quizbot.db; --now (ISO-8601) the instant due reviews are counted at.\n"
    "Columns: docs/reports.md.\n";

} // namespace

const command report_items_command{
    {"report", "items"},
    report_usage,
    "item analysis of a pack's questions: facility, discrimination, flags, the share of each choice",
    run_items,
    report_details,
};

const command report_learners_command{
    {"report", "learners"},
    report_usage,
    "each learner's answers, accuracy, mastery per concept, reviews due, streak and open misconceptions",
    run_learners,
    report_details,
};

const command report_concepts_command{
    {"report", "concepts"},
    report_usage,
    "each concept across the class: mastered, learning, not started, facility, open misconceptions",
    run_concepts,
    report_details,
};

const command report_activity_command{
    {"report", "activity"}, report_usage, "answers per day and accuracy per ISO week", run_activity, report_details,
};

} // namespace quiz::bot::cli
