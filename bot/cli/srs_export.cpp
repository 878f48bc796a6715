// SPDX-License-Identifier: MIT
// `quizbot srs export`: the tutor's own attempts as a review log that `srs eval` and `srs predict` read.
#include "bot/cli/args.hpp"
#include "bot/cli/commands.hpp"
#include "bot/cli/database_path.hpp"
#include "bot/cli/learner_arg.hpp"
#include "bot/cli/review_log_export.hpp"
#include "storage/database.hpp"
#include "storage/open_error.hpp"
#include "storage/review_history.hpp"
#include "storage/sqlite_content_ids.hpp"
#include "storage/sqlite_identity_store.hpp"

#include <SQLiteCpp/Database.h>

#include <filesystem>
#include <ostream>
#include <string>

namespace quiz::bot::cli {

namespace {

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
    const std::optional<learner_arg> who = learner ? std::optional(parse_learner_arg(*learner)) : std::nullopt;
    const std::string path = database_path(parsed);
    // Opening creates a missing file: a mistyped --db must not leave an empty database behind.
    if (!std::filesystem::exists(path)) {
        streams.err << "error: no database at " << path << " (see --db and QUIZBOT_DB)\n";
        return exit_failure;
    }
    try {
        SQLite::Database db = storage::open_database(path);
        storage::history_filter filter;
        if (who) {
            filter.learner = storage::sqlite_identity_store(db).find_learner({who->platform, who->external_id});
            if (!filter.learner) {
                streams.err << "error: no learner " << who->platform << ':' << who->external_id << " in " << path
                            << '\n';
                return exit_failure;
            }
        }
        if (pack) {
            filter.pack = engine::pack_key{*pack};
            if (!storage::sqlite_content_ids(db).find_pack(*filter.pack)) {
                streams.err << "error: no pack '" << *pack << "' in " << path << " (no one has answered it)\n";
                return exit_failure;
            }
        }
        review_log_export out(streams.out, parsed.flag("names") ? learner_naming::identity : learner_naming::pseudonym);
        storage::for_each_review(db, filter, [&out](const storage::history_row& row) { out.write(row); });
        out.flush();
    } catch (const storage::open_error& e) {
        streams.err << "error: " << e.what() << '\n';
        return exit_failure;
    }
    return exit_ok;
}

} // namespace

const command srs_export_command{
    {"srs", "export"},
    "[--db PATH] [--learner NAME] [--pack KEY] [--names]",
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
