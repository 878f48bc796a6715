// SPDX-License-Identifier: MIT
#include "bot/cli/args.hpp"
#include "bot/cli/commands.hpp"
#include "bot/cli/database_path.hpp"
#include "bot/cli/learner_arg.hpp"
#include "bot/database_location.hpp"
#include "storage/database.hpp"
#include "storage/forget.hpp"
#include "storage/open_error.hpp"
#include "storage/postgres/migrate.hpp"
#include "storage/postgres/pg_forget.hpp"

#include <SQLiteCpp/Database.h>

#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace quiz::bot::cli {

namespace {

int run_forget(const std::vector<std::string_view>& words, io streams)
{
    const args parsed = args::parse(words, {"db"});
    if (parsed.positionals().size() != 1 || parsed.positionals().front().empty()) {
        throw usage_error("expected one LEARNER (platform:external_id, or a local learner's name)");
    }
    const std::vector<learner_arg> candidates = learner_candidates(parsed.positionals().front());
    const std::string path = database_path(parsed);
    const bool postgres = is_postgres_location(path);
    // Opening creates a missing file: a mistyped --db must not leave an empty database behind.
    if (no_database_at(path)) {
        streams.err << "error: no database at " << path << " (see --db and QUIZBOT_DB)\n";
        return exit_failure;
    }
    try {
        std::optional<std::vector<storage::erased_rows>> erased;
        const learner_arg* forgotten = nullptr;
        const auto forget_first = [&](const auto& erase) { // the first of the candidates that is a learner
            for (const auto& learner : candidates) {
                if ((erased = erase(learner))) {
                    forgotten = &learner;
                    return;
                }
            }
        };
        if (postgres) {
            storage::postgres::connection db(path);
            storage::postgres::migrate(db);
            forget_first([&db](const learner_arg& learner) {
                return storage::postgres::forget_learner(db, learner.platform, learner.external_id);
            });
        } else {
            SQLite::Database db = storage::open_database(path);
            forget_first([&db](const learner_arg& learner) {
                return storage::forget_learner(db, learner.platform, learner.external_id);
            });
        }
        if (forgotten == nullptr) {
            streams.err << "error: no learner " << shown(candidates.front()) << " in " << shown_location(path) << '\n';
            return exit_failure;
        }
        streams.out << "forgot learner " << shown(*forgotten) << ", erased:\n";
        for (const auto& rows : *erased) {
            streams.out << "  " << rows.what << ": " << rows.count << '\n';
        }
    } catch (const storage::open_error& e) {
        streams.err << "error: " << e.what() << '\n';
        return exit_failure;
    } catch (const storage::postgres::pg_error& e) {
        streams.err << "error: PostgreSQL: " << e.what() << '\n';
        return exit_failure;
    } catch (const storage::postgres::newer_schema& e) {
        streams.err << "error: " << e.what() << '\n';
        return exit_failure;
    }
    return exit_ok;
}

} // namespace

const command forget_command{
    {"forget"},
    "LEARNER [--db PATH|URI]",
    "erase everything stored about one learner (LEARNER: platform:external_id, or a local name)",
    run_forget,
};

} // namespace quiz::bot::cli
