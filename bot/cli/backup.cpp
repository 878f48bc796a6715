// SPDX-License-Identifier: MIT
#include "bot/cli/args.hpp"
#include "bot/cli/commands.hpp"
#include "bot/cli/database_path.hpp"
#include "bot/database_location.hpp"
#include "storage/backup.hpp"
#include "storage/open_error.hpp"

#include <ostream>

namespace quiz::bot::cli {

namespace {

int run_backup(const std::vector<std::string_view>& words, io streams)
{
    const args parsed = args::parse(words, {"db"}, {"force"});
    if (parsed.positionals().size() != 1) {
        throw usage_error("expected one destination PATH");
    }
    const std::string& destination = parsed.positionals().front();
    if (destination.empty()) {
        throw usage_error("the destination PATH is empty");
    }
    const std::string source = database_path(parsed);
    if (is_postgres_location(source)) {
        // PostgreSQL backs itself up while it serves: pg_dump, or base backups with WAL archiving (docs/storage.md, "PostgreSQL").
        throw usage_error("--db or QUIZBOT_DB: quizbot backup copies a SQLite file; for a PostgreSQL database use "
                          "pg_dump (or base backups), or `quizbot db copy --from URI --to FILE` for a SQLite copy");
    }
    storage::backup_report report;
    try {
        report = storage::backup_database(source, destination, parsed.flag("force"));
    } catch (const storage::open_error& e) {
        streams.err << "error: " << e.what() << '\n';
        return exit_failure;
    }
    switch (report.status) {
    case storage::backup_status::source_missing:
        streams.err << "error: no database at " << source << " (see --db and QUIZBOT_DB)\n";
        return exit_failure;
    case storage::backup_status::destination_exists:
        streams.err << "error: " << destination << " already exists; pass --force to replace it\n";
        return exit_failure;
    case storage::backup_status::done:
        break;
    }
    streams.out << "backed up " << source << " to " << destination << " (" << report.pages << " pages, " << report.bytes
                << " bytes, integrity check ok)\n";
    return exit_ok;
}

} // namespace

const command backup_command{
    {"backup"},
    "PATH [--force] [--db PATH]",
    "copy the database to PATH while the bot keeps running (an existing PATH needs --force)",
    run_backup,
};

} // namespace quiz::bot::cli
