// SPDX-License-Identifier: MIT
// `quizbot srs export`: the tutor's own attempts as a review log that `srs eval` and `srs predict` read.
#include "bot/cli/args.hpp"
#include "bot/cli/commands.hpp"
#include "bot/cli/database_path.hpp"
#include "bot/cli/learner_arg.hpp"
#include "bot/cli/review_log_export.hpp"
#include "bot/database_location.hpp"
#include "storage/database.hpp"
#include "storage/open_error.hpp"
#include "storage/postgres/migrate.hpp"
#include "storage/postgres/pg_content_ids.hpp"
#include "storage/postgres/pg_identity_directory.hpp"
#include "storage/postgres/pg_review_history.hpp"
#include "storage/postgres/transaction.hpp"
#include "storage/review_history.hpp"
#include "storage/sqlite_content_ids.hpp"
#include "storage/sqlite_identity_store.hpp"

#include <SQLiteCpp/Database.h>

#include <filesystem>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace quiz::bot::cli {

namespace {

/// What the export reads, on either engine.
struct review_reader {
    std::function<std::optional<engine::learner_id>(const learner_arg&)> find_learner;
    std::function<bool(const engine::pack_key&)> has_pack;
    std::function<void(const storage::history_filter&, const std::function<void(const storage::history_row&)>&)>
        for_each;
};

/// Checks the filter's learner and pack, then writes every review; exit code.
int write_reviews(review_reader& read, const std::optional<std::vector<learner_arg>>& who,
                  const std::optional<std::string>& pack, bool names, const std::string& where, io streams)
{
    storage::history_filter filter;
    if (who) {
        for (const auto& candidate : *who) { // the first that is a learner (learner_candidates)
            if ((filter.learner = read.find_learner(candidate))) {
                break;
            }
        }
        if (!filter.learner) {
            streams.err << "error: no learner " << shown(who->front()) << " in " << where << '\n';
            return exit_failure;
        }
    }
    if (pack) {
        filter.pack = engine::pack_key{*pack};
        if (!read.has_pack(*filter.pack)) {
            streams.err << "error: no pack '" << *pack << "' in " << where << " (no one has answered it)\n";
            return exit_failure;
        }
    }
    review_log_export out(streams.out, names ? learner_naming::identity : learner_naming::pseudonym);
    read.for_each(filter, [&out](const storage::history_row& row) { out.write(row); });
    out.flush();
    return exit_ok;
}

int export_from_postgres(const std::string& uri, const std::optional<std::vector<learner_arg>>& who,
                         const std::optional<std::string>& pack, bool names, io streams)
{
    namespace pg = storage::postgres;
    pg::connection db(uri);
    pg::migrate(db);
    pg::transaction snapshot(db, pg::transaction::kind::reads);
    pg::pg_identity_directory identities;
    pg::pg_content_ids ids;
    review_reader read{
        [&identities](const learner_arg& w) {
            return identities.find_learner({w.platform, w.external_id});
        },
        [&ids](const engine::pack_key& p) { return ids.find_pack(p).has_value(); },
        [&db](const storage::history_filter& f, const std::function<void(const storage::history_row&)>& visit) {
            pg::for_each_review(db, f, visit);
        }};
    return write_reviews(read, who, pack, names, shown_location(uri), streams);
}

int run_export(const std::vector<std::string_view>& words, io streams)
{
    const args parsed = args::parse(words, {"db", "learner", "pack"}, {"names"});
    if (!parsed.positionals().empty()) {
        throw usage_error("unexpected argument '" + parsed.positionals().front() + "'");
    }
    const auto learner = parsed.value("learner");
    const auto pack = parsed.value("pack");
    if ((learner && learner->empty()) || (pack && pack->empty())) {
        throw usage_error("--learner and --pack need a value");
    }
    const std::optional<std::vector<learner_arg>> who = learner ? std::optional(learner_candidates(*learner))
                                                                : std::nullopt;
    const std::string path = database_path(parsed);
    if (is_postgres_location(path)) {
        try {
            return export_from_postgres(path, who, pack, parsed.flag("names"), streams);
        } catch (const storage::postgres::pg_error& e) {
            streams.err << "error: PostgreSQL: " << e.what() << '\n';
            return exit_failure;
        } catch (const storage::postgres::newer_schema& e) {
            streams.err << "error: " << e.what() << '\n';
            return exit_failure;
        }
    }
    // Opening creates a missing file: a mistyped --db must not leave an empty database behind.
    if (!std::filesystem::exists(path)) {
        streams.err << "error: no database at " << path << " (see --db and QUIZBOT_DB)\n";
        return exit_failure;
    }
    try {
        SQLite::Database db = storage::open_database(path);
        storage::sqlite_identity_store identities(db);
        storage::sqlite_content_ids ids(db);
        review_reader read{
            [&identities](const learner_arg& w) {
                return identities.find_learner({w.platform, w.external_id});
            },
            [&ids](const engine::pack_key& p) { return ids.find_pack(p).has_value(); },
            [&db](const storage::history_filter& f, const std::function<void(const storage::history_row&)>& visit) {
                storage::for_each_review(db, f, visit);
            }};
        return write_reviews(read, who, pack, parsed.flag("names"), path, streams);
    } catch (const storage::open_error& e) {
        streams.err << "error: " << e.what() << '\n';
        return exit_failure;
    }
}

} // namespace

const command srs_export_command{
    {"srs", "export"},
    "[--db PATH|URI] [--learner NAME] [--pack KEY] [--names]",
    "writes the learners' answers as a review log for srs eval and srs predict (CSV on standard output)",
    run_export,
    "Columns: card_id,review_rating,review_time,review_duration,learner. One card is one learner's question:\n"
    "card_id is LEARNER/PACK/QUESTION. review_rating is the FSRS grade the answer counted as (wrong 1, right 3\n"
    "unless QUIZBOT_GRADE_BY_TIME was on), review_time the answer's UTC time to the millisecond, review_duration\n"
    "the response time in milliseconds. Rows are in time order.\n"
    "Learners are L1, L2, ... in order of their first answer in the export, never their names; with --names they\n"
    "are platform:external_id. Commas, slashes, quotes, '%' and control characters in names and keys are written\n"
    "as %XX (percent-encoding), so every row stays readable.\n"
    "--learner NAME: one learner, as `quizbot forget` names them (platform:external_id, or a local name as\n"
    "given to `quizbot play --learner`). --pack KEY: one pack. --db: $QUIZBOT_DB or ./data/quizbot.db.\n"
    "Example: quizbot srs export --db data/quizbot.db > mine.csv && quizbot srs eval mine.csv\n",
};

} // namespace quiz::bot::cli
