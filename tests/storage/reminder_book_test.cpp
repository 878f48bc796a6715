// SPDX-License-Identifier: MIT
// The edge's ports on SQLite: the reminder book (a schedule round-trips through the learner row and
// reminder_schedule, due ones come earliest first and only while enabled, a local day is recorded once, and the
// facts a claim reads), the identity directory (the refused flag read with the learner and cleared, names,
// workspaces, languages, handled events, erasure), round messages and the outbox, through the contract PostgreSQL runs too
// (support/edge_port_contract.hpp).
#include "storage/database.hpp"
#include "storage/sqlite_identity_directory.hpp"
#include "storage/sqlite_outbox.hpp"
#include "storage/sqlite_reminder_book.hpp"
#include "storage/sqlite_round_messages.hpp"

#include <SQLiteCpp/Database.h>

#include <string>
#include <tuple>

namespace {

struct sqlite_edge_fixture {
    SQLite::Database db = quiz::storage::open_database(":memory:");
    quiz::storage::sqlite_identity_directory directory{db};
    quiz::storage::sqlite_reminder_book book{db};
    quiz::storage::sqlite_round_messages round_messages{db};
    quiz::storage::sqlite_outbox pending{db};

    quiz::engine::identity_directory& identities() { return directory; }
    quiz::engine::reminder_book& reminders() { return book; }
    quiz::engine::round_messages& messages() { return round_messages; }
    quiz::engine::outbox& outbox() { return pending; }
    void exec(const std::string& sql) { db.exec(sql); }
    std::int64_t scalar(const std::string& sql) { return db.execAndGet(sql).getInt64(); }
};

using edge_port_fixtures = std::tuple<sqlite_edge_fixture>;

} // namespace

#include "tests/support/edge_port_contract.hpp"
