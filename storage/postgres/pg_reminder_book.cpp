// SPDX-License-Identifier: MIT
#include "storage/postgres/pg_reminder_book.hpp"
#include "storage/stored_values.hpp"

#include "storage/postgres/transaction.hpp"
#include "storage/sql_values.hpp"

#include <cstdio>

namespace quiz::storage::postgres {

namespace {

// The columns of a schedule, in this order, after any leading ones: see reminder_read_schedule.
#define QUIZ_PG_SCHEDULE_COLUMNS                                                                                       \
    "l.reminders_enabled, l.reminder_minute, coalesce(l.time_zone, ''), s.next_at_ms, s.last_sent_at_ms,"              \
    " s.last_sent_day, coalesce(s.ignored_in_a_row, 0), coalesce(s.refused, 0)"

// NOLINTBEGIN(cppcoreguidelines-macro-usage)
constexpr statement reminder_find{"reminder_find",
                                  "SELECT " QUIZ_PG_SCHEDULE_COLUMNS
                                  " FROM learner l LEFT JOIN reminder_schedule s ON s.learner_id = l.id"
                                  " WHERE l.id = $1"};
// Only when the choice changed: a claim saving what it decided leaves the learner's row alone, so it never waits
// on (nor deadlocks with) a unit of that learner's holding the row while it waits for the claimed schedule.
constexpr statement reminder_save_learner{
    "reminder_save_learner",
    "UPDATE learner SET reminders_enabled = $2, reminder_minute = $3, time_zone = $4 WHERE id = $1"
    " AND (reminders_enabled, reminder_minute, time_zone) IS DISTINCT FROM ($2, $3::integer, $4::text)"};
constexpr statement reminder_save_schedule{
    "reminder_save_schedule",
    "INSERT INTO reminder_schedule (learner_id, next_at_ms, last_sent_at_ms, last_sent_day, ignored_in_a_row,"
    " refused) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (learner_id) DO UPDATE SET next_at_ms = excluded.next_at_ms,"
    " last_sent_at_ms = excluded.last_sent_at_ms, last_sent_day = excluded.last_sent_day,"
    " ignored_in_a_row = excluded.ignored_in_a_row, refused = excluded.refused"};
// Claims: the schedules stay locked until the unit ends and another node's claim skips them. A schedule claimed
// and moved on by a unit that committed while this one waited is read again and left out (READ COMMITTED rechecks
// a locked row's latest version against the WHERE).
constexpr statement reminder_due{"reminder_due",
                                 "SELECT l.id, l.platform, l.external_id, " QUIZ_PG_SCHEDULE_COLUMNS
                                 " FROM reminder_schedule s JOIN learner l ON l.id = s.learner_id"
                                 " WHERE s.next_at_ms IS NOT NULL AND s.next_at_ms <= $1 AND l.reminders_enabled = 1"
                                 " ORDER BY s.next_at_ms, s.learner_id LIMIT $2 FOR UPDATE OF s SKIP LOCKED"};
// NOLINTEND(cppcoreguidelines-macro-usage)
#undef QUIZ_PG_SCHEDULE_COLUMNS

constexpr statement reminder_next_due{"reminder_next_due",
                                      "SELECT min(next_at_ms) FROM reminder_schedule WHERE next_at_ms IS NOT NULL"};
// The unique (learner_id, kind, local_date): a second node recording the same day waits for the first's unit and,
// once it committed, inserts nothing.
constexpr statement reminder_record_sent{
    "reminder_record_sent",
    "INSERT INTO reminder_log (learner_id, kind, local_date, due_count, sent_at_ms)"
    " VALUES ($1, 'due_reviews', $2, $3, $4) ON CONFLICT (learner_id, kind, local_date) DO NOTHING"};
constexpr statement reminder_last_answer{"reminder_last_answer",
                                         "SELECT max(answered_at_ms) FROM attempt WHERE learner_id = $1"};
constexpr statement reminder_session_started{
    "reminder_session_started", "SELECT max(started_at_ms) FROM session WHERE learner_id = $1 AND status = 'active'"};

constexpr std::chrono::minutes reminder_default_time{18 * 60};

std::optional<engine::instant> reminder_optional_instant(const result& r, int row, int column)
{
    const auto ms = r.optional_int64(row, column);
    return ms ? std::optional(storage::from_ms(*ms)) : std::nullopt;
}

engine::reminder_schedule reminder_read_schedule(const result& r, int row, int first)
{
    engine::reminder_schedule out;
    out.enabled = r.int64(row, first) != 0;
    const auto minute = r.optional_int64(row, first + 1);
    out.setting.time_chosen = minute.has_value();
    out.setting.time_of_day = minute ? std::chrono::minutes{*minute} : reminder_default_time;
    out.zone = std::string(r.text(row, first + 2));
    out.next_at = reminder_optional_instant(r, row, first + 3);
    out.last_sent = reminder_optional_instant(r, row, first + 4);
    out.last_sent_day = storage::parse_day(r.optional_text(row, first + 5));
    out.ignored_in_a_row = static_cast<int>(r.int64(row, first + 6));
    out.refused = r.int64(row, first + 7) != 0;
    return out;
}

} // namespace

engine::reminder_schedule pg_reminder_book::find(engine::learner_id learner)
{
    const result found = current_connection().run(reminder_find, params().add(learner.value()));
    if (found.empty()) {
        return {};
    }
    return reminder_read_schedule(found, 0, 0);
}

void pg_reminder_book::save(engine::learner_id learner, const engine::reminder_schedule& schedule)
{
    connection& db = current_connection();
    params choice;
    choice.add(learner.value()).add(schedule.enabled ? 1 : 0);
    if (schedule.setting.time_chosen) {
        choice.add(static_cast<std::int64_t>(schedule.setting.time_of_day.count()));
    } else {
        choice.null();
    }
    if (schedule.zone.empty()) {
        choice.null();
    } else {
        choice.add(schedule.zone);
    }
    db.defer(reminder_save_learner, std::move(choice));

    params where;
    where.add(learner.value())
        .add(schedule.next_at ? std::optional(storage::to_ms(*schedule.next_at)) : std::nullopt)
        .add(schedule.last_sent ? std::optional(storage::to_ms(*schedule.last_sent)) : std::nullopt)
        .add(schedule.last_sent_day ? std::optional(storage::day_text(*schedule.last_sent_day)) : std::nullopt)
        .add(schedule.ignored_in_a_row)
        .add(schedule.refused ? 1 : 0);
    db.defer(reminder_save_schedule, std::move(where));
}

std::vector<engine::due_reminder> pg_reminder_book::due(engine::instant now, std::size_t limit)
{
    const result claimed =
        current_connection().run(reminder_due, params().add(storage::to_ms(now)).add(static_cast<std::int64_t>(limit)));
    std::vector<engine::due_reminder> out;
    out.reserve(static_cast<std::size_t>(claimed.rows()));
    for (int row = 0; row < claimed.rows(); ++row) {
        out.push_back({engine::learner_id{claimed.int64(row, 0)},
                       {std::string(claimed.text(row, 1)), std::string(claimed.text(row, 2))},
                       reminder_read_schedule(claimed, row, 3)});
    }
    return out;
}

std::optional<engine::instant> pg_reminder_book::next_due()
{
    return reminder_optional_instant(current_connection().run(reminder_next_due), 0, 0);
}

bool pg_reminder_book::record_sent(engine::learner_id learner, std::chrono::year_month_day day, int due_count,
                                   engine::instant at)
{
    const result inserted = current_connection().run(
        reminder_record_sent,
        params().add(learner.value()).add(storage::day_text(day)).add(due_count).add(storage::to_ms(at)));
    return inserted.affected() == 1;
}

std::optional<engine::instant> pg_reminder_book::last_answer(engine::learner_id learner)
{
    return reminder_optional_instant(current_connection().run(reminder_last_answer, params().add(learner.value())), 0,
                                     0);
}

std::optional<engine::instant> pg_reminder_book::session_started(engine::learner_id learner)
{
    return reminder_optional_instant(current_connection().run(reminder_session_started, params().add(learner.value())),
                                     0, 0);
}

} // namespace quiz::storage::postgres
