// SPDX-License-Identifier: MIT
// The SQLite reminder book: a schedule round-trips through the learner row and reminder_schedule, due ones come
// earliest first and only while enabled, a local day is recorded once, and the facts a claim reads; the refused flag
// as the identity directory reads it with the learner and clears it.
#include "storage/database.hpp"
#include "storage/sqlite_identity_directory.hpp"
#include "storage/sqlite_identity_store.hpp"
#include "storage/sqlite_reminder_book.hpp"

#include <SQLiteCpp/Database.h>

#include <catch2/catch.hpp>

namespace storage_reminder_book_test {

namespace {

using namespace std::chrono;
using quiz::engine::instant;

instant at(unsigned day, int hh) { return instant{sys_days{year{2026} / March / std::chrono::day{day}}} + hours{hh}; }

struct book_fixture {
    SQLite::Database db = quiz::storage::open_database(":memory:");
    quiz::storage::sqlite_identity_store identities{db};
    quiz::storage::sqlite_reminder_book book{db};

    quiz::engine::learner_id learner(const std::string& id) { return identities.ensure_learner({"discord", id}, ""); }
};

} // namespace

TEST_CASE("a reminder schedule round-trips and a learner who never set one has reminders off")
{
    book_fixture f;
    const auto ann = f.learner("1");
    CHECK(f.book.find(ann) == quiz::engine::reminder_schedule{});

    quiz::engine::reminder_schedule s;
    s.enabled = true;
    s.setting = {minutes{18 * 60 + 30}, true};
    s.zone = "Europe/Paris";
    s.next_at = at(3, 17);
    s.last_sent = at(2, 17);
    s.last_sent_day = year{2026} / March / 2;
    s.ignored_in_a_row = 2;
    f.book.save(ann, s);
    CHECK(f.book.find(ann) == s);
    // The choice lives on the learner row: null minute = the default hour, not chosen.
    CHECK(f.db.execAndGet("SELECT reminder_minute FROM learner WHERE id = " + std::to_string(ann.value())).getInt() ==
          1110);
    s.setting = {minutes{18 * 60}, false};
    s.refused = true;
    s.enabled = false;
    s.next_at.reset();
    f.book.save(ann, s);
    CHECK(f.book.find(ann) == s);
    CHECK(f.db.execAndGet("SELECT reminder_minute IS NULL FROM learner").getInt() == 1);
}

TEST_CASE("a refused reminder is said once: the learner's lookup reads the flag, clearing it leaves the rest")
{
    book_fixture f;
    quiz::storage::sqlite_identity_directory directory{f.db};
    const quiz::engine::platform_identity who{"discord", "1"};
    const auto first = directory.ensure_learner(who, "Ann");
    CHECK_FALSE(first.reminders_refused); // a new learner, no schedule row

    quiz::engine::reminder_schedule s;
    s.zone = "Europe/Paris";
    s.last_sent = at(2, 17);
    s.ignored_in_a_row = 1;
    f.book.save(first.id, s);
    CHECK_FALSE(directory.ensure_learner(who, "").reminders_refused); // a schedule, not refused

    s.refused = true;
    f.book.save(first.id, s);
    const auto entered = directory.ensure_learner(who, "");
    CHECK(entered.id == first.id);
    CHECK(entered.reminders_refused);
    CHECK(directory.ensure_learner(who, "").reminders_refused); // reading it changes nothing

    directory.clear_reminders_refused(first.id);
    CHECK_FALSE(directory.ensure_learner(who, "").reminders_refused);
    s.refused = false;
    CHECK(f.book.find(first.id) == s); // only the flag changed

    // Another learner's flag is theirs alone.
    const quiz::engine::platform_identity other{"discord", "2"};
    const auto bob = directory.ensure_learner(other, "Bob");
    s.refused = true;
    f.book.save(bob.id, s);
    directory.clear_reminders_refused(first.id);
    CHECK(directory.ensure_learner(other, "").reminders_refused);
}

TEST_CASE("due schedules come earliest first, only while enabled, and the earliest to come is known")
{
    book_fixture f;
    const auto ann = f.learner("1");
    const auto bob = f.learner("2");
    const auto cid = f.learner("3");
    const auto on = [](instant next) {
        quiz::engine::reminder_schedule s;
        s.enabled = true;
        s.next_at = next;
        return s;
    };
    f.book.save(ann, on(at(3, 18)));
    f.book.save(bob, on(at(3, 17)));
    f.book.save(cid, on(at(4, 17)));
    CHECK(f.book.next_due() == at(3, 17));
    const auto due = f.book.due(at(3, 18), 10);
    REQUIRE(due.size() == 2);
    CHECK(due[0].learner == bob);
    CHECK(due[0].who == quiz::engine::platform_identity{"discord", "2"});
    CHECK(due[1].learner == ann);
    CHECK(f.book.due(at(3, 18), 1).size() == 1);
    auto off = on(at(3, 17));
    off.enabled = false;
    off.next_at.reset();
    f.book.save(bob, off);
    CHECK(f.book.due(at(3, 18), 10).size() == 1);
    CHECK(f.book.next_due() == at(3, 18));
}

TEST_CASE("a reminder is recorded once per local day, the last answer and the session under way are read")
{
    book_fixture f;
    const auto ann = f.learner("1");
    CHECK(f.book.record_sent(ann, year{2026} / March / 3, 2, at(3, 17)));
    CHECK_FALSE(f.book.record_sent(ann, year{2026} / March / 3, 2, at(3, 18)));
    CHECK(f.book.record_sent(ann, year{2026} / March / 4, 1, at(4, 17)));
    CHECK(f.db.execAndGet("SELECT count(*) FROM reminder_log").getInt() == 2);
    CHECK_FALSE(f.book.last_answer(ann));
    CHECK_FALSE(f.book.session_started(ann));
}

} // namespace storage_reminder_book_test
