// SPDX-License-Identifier: MIT
#include "storage/copy/copy_database.hpp"
#include "storage/database.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <array>
#include <string_view>

namespace quiz::storage::copy {

namespace {

/// Every table, parents before the tables whose foreign keys name them. The trigger-kept totals come last: copying
/// their sources fills them by trigger, and then they are replaced by the source's own.
constexpr std::array<std::string_view, 21> tables_in_order{
    "workspace",         "learner",           "membership",   "pack",
    "question",          "question_version",  "session",      "group_round",
    "round_participant", "processed_event",   "memory",       "concept_mastery",
    "attempt",           "reminder_log",      "memory_model", "round_message",
    "server_secret",     "reminder_schedule", "outbox",       "concept_form_total",
    "question_stats"};
constexpr std::array<std::string_view, 2> kept_by_triggers{"concept_form_total", "question_stats"};

/// Each table's columns, as this build's schema has them (the same names on both engines: the PostgreSQL migrations
/// are tested against SQLite's).
std::vector<std::pair<std::string, std::vector<std::string>>> schema_tables()
{
    SQLite::Database reference = open_database(":memory:");
    SQLite::Statement tables(reference,
                             "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
    std::vector<std::string> found;
    while (tables.executeStep()) {
        found.push_back(tables.getColumn(0).getString());
    }
    if (found.size() != tables_in_order.size() || !std::all_of(found.begin(), found.end(), [](const std::string& t) {
            return std::find(tables_in_order.begin(), tables_in_order.end(), t) != tables_in_order.end();
        })) {
        throw std::logic_error("db copy: the schema's tables changed: list them in copy_database.cpp");
    }
    std::vector<std::pair<std::string, std::vector<std::string>>> out;
    for (const auto table : tables_in_order) {
        SQLite::Statement columns(reference, "SELECT name FROM pragma_table_info(?1) ORDER BY cid");
        columns.bind(1, std::string(table));
        std::vector<std::string> names;
        while (columns.executeStep()) {
            names.push_back(columns.getColumn(0).getString());
        }
        out.emplace_back(std::string(table), std::move(names));
    }
    return out;
}

bool has_id(const std::vector<std::string>& columns) { return !columns.empty() && columns.front() == "id"; }

} // namespace

std::vector<table_copied> copy_database(database_side& from, database_side& to)
{
    const auto tables = schema_tables();
    to.begin(true);
    for (const auto& [table, columns] : tables) {
        if (const auto rows = to.count(table); rows > 0) {
            throw copy_refused(to.name() + " is not empty (" + table + " has " + std::to_string(rows) +
                               " rows): db copy writes into an empty database only");
        }
    }
    from.begin(false);
    std::vector<table_copied> copied;
    for (const auto& [table, columns] : tables) {
        const bool totals = std::find(kept_by_triggers.begin(), kept_by_triggers.end(), table) !=
                            kept_by_triggers.end();
        if (totals) {
            to.clear(table);
        }
        // Rows stream from the source's read straight into the target's insert, a batch at a time.
        std::vector<row> batch;
        std::int64_t read = 0;
        const auto flush = [&] {
            std::size_t at = 0;
            to.write(table, columns, [&](row& next) {
                if (at == batch.size()) {
                    return false;
                }
                next = std::move(batch[at++]);
                return true;
            });
            batch.clear();
        };
        from.read(table, columns, [&](const row& r) {
            batch.push_back(r);
            ++read;
            if (batch.size() == 1000) {
                flush();
            }
        });
        flush();
        if (has_id(columns)) {
            to.raise_id_floor(table, from.id_floor(table));
        }
        const auto written = to.count(table);
        if (written != read || from.count(table) != read) {
            throw copy_refused(table + ": " + std::to_string(read) + " rows read from " + from.name() + " but " +
                               std::to_string(written) + " in " + to.name() + ": nothing was copied");
        }
        copied.push_back({table, read});
    }
    to.commit();
    from.commit();
    return copied;
}

} // namespace quiz::storage::copy
