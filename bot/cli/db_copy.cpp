// SPDX-License-Identifier: MIT
// `quizbot db copy --from LOCATION --to LOCATION`: moves an installation between storage engines (a SQLite file, a
// postgresql:// URI), every id kept, into an empty target (docs/storage.md, "Moving an installation").
#include "bot/cli/args.hpp"
#include "bot/cli/commands.hpp"
#include "bot/cli/database_path.hpp"
#include "bot/database_location.hpp"
#include "storage/copy/copy_database.hpp"
#include "storage/open_error.hpp"
#include "storage/postgres/migrate.hpp"
#include "storage/postgres/pg_error.hpp"

#include <filesystem>
#include <iomanip>
#include <ostream>

namespace quiz::bot::cli {

namespace {

/// `--from` or `--to`: a SQLite file's path or a PostgreSQL URI; usage_error (exit 2) otherwise.
std::string location_of(const args& parsed, std::string_view option)
{
    const auto value = parsed.value(option);
    if (!value || value->empty()) {
        throw usage_error("--" + std::string(option) + " is required: a SQLite database file or a postgresql:// URI");
    }
    if (const auto problem = database_location_problem(*value)) {
        throw usage_error("--" + std::string(option) + ": " + *problem);
    }
    return *value;
}

std::unique_ptr<storage::copy::database_side> open_side(const std::string& location)
{
    if (is_postgres_location(location)) {
        return storage::copy::open_postgres_side(location, shown_location(location));
    }
    return storage::copy::open_sqlite_side(location, location);
}

int run_db_copy(const std::vector<std::string_view>& words, io streams)
{
    const args parsed = args::parse(words, {"from", "to"});
    if (!parsed.positionals().empty()) {
        throw usage_error("db copy takes no positional argument (--from LOCATION --to LOCATION)");
    }
    const std::string from = location_of(parsed, "from");
    const std::string to = location_of(parsed, "to");
    if (from == to) {
        throw usage_error("--from and --to name the same database");
    }
    // Opening a SQLite path creates the file: a mistyped --from must not leave an empty database behind.
    if (no_database_at(from)) {
        streams.err << "error: no database at " << from << '\n';
        return exit_failure;
    }
    try {
        const auto source = open_side(from);
        const auto target = open_side(to);
        const auto copied = storage::copy::copy_database(*source, *target);
        streams.out << "copied " << source->name() << " to " << target->name() << ", rows per table:\n";
        for (const auto& t : copied) {
            streams.out << "  " << std::left << std::setw(20) << t.table << ' ' << t.rows << '\n';
        }
        return exit_ok;
    } catch (const storage::copy::copy_refused& e) {
        streams.err << "error: " << e.what() << '\n';
    } catch (const storage::open_error& e) {
        streams.err << "error: " << e.what() << '\n';
    } catch (const storage::postgres::newer_schema& e) {
        streams.err << "error: " << e.what() << '\n';
    } catch (const storage::postgres::pg_error& e) {
        streams.err << "error: PostgreSQL: " << e.what() << '\n';
    }
    return exit_failure;
}

} // namespace

const command db_copy_command{
    {"db", "copy"},
    "--from LOCATION --to LOCATION",
    "copy a whole database into an empty one, SQLite and PostgreSQL either way, every id kept (LOCATION: a SQLite "
    "file or a postgresql:// URI)",
    run_db_copy,
};

} // namespace quiz::bot::cli
