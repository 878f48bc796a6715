// SPDX-License-Identifier: MIT
#include "storage/sqlite_reminder_book.hpp"
#include "storage/stored_values.hpp"

#include "storage/sql_values.hpp"
#include "storage/statement_use.hpp"

#include <cstdio>

namespace quiz::storage {

namespace {

// The columns of a schedule, in this order, after any leading ones: see read_schedule.
#define QUIZ_SCHEDULE_COLUMNS                                                                                          \
    "l.reminders_enabled, l.reminder_minute, ifnull(l.time_zone, ''), s.next_at_ms, s.last_sent_at_ms,"                \
    " s.last_sent_day, ifnull(s.ignored_in_a_row, 0), ifnull(s.refused, 0)"

constexpr std::chrono::minutes default_time{18 * 60};

engine::reminder_schedule read_schedule(SQLite::Statement& s, int first)
{
    engine::reminder_schedule out;
    out.enabled = s.getColumn(first).getInt() != 0;
    const auto minute = optional_int(s.getColumn(first + 1));
    out.setting.time_chosen = minute.has_value();
    out.setting.time_of_day = minute ? std::chrono::minutes{*minute} : default_time;
    out.zone = s.getColumn(first + 2).getString();
    if (const auto next = optional_int(s.getColumn(first + 3))) {
        out.next_at = from_ms(*next);
    }
    if (const auto sent = optional_int(s.getColumn(first + 4))) {
        out.last_sent = from_ms(*sent);
    }
    out.last_sent_day = parse_day(optional_text(s.getColumn(first + 5)));
    out.ignored_in_a_row = s.getColumn(first + 6).getInt();
    out.refused = s.getColumn(first + 7).getInt() != 0;
    return out;
}

} // namespace

// NOLINTBEGIN(cppcoreguidelines-macro-usage)
sqlite_reminder_book::sqlite_reminder_book(SQLite::Database& db)
    : find_(db, "SELECT " QUIZ_SCHEDULE_COLUMNS " FROM learner l LEFT JOIN reminder_schedule s ON s.learner_id = l.id"
                " WHERE l.id = ?1"),
      save_learner_(db,
                    "UPDATE learner SET reminders_enabled = ?2, reminder_minute = ?3, time_zone = ?4 WHERE id = ?1"),
      save_schedule_(db, "INSERT INTO reminder_schedule (learner_id, next_at_ms, last_sent_at_ms, last_sent_day,"
                         " ignored_in_a_row, refused) VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (learner_id) DO"
                         " UPDATE SET next_at_ms = excluded.next_at_ms, last_sent_at_ms = excluded.last_sent_at_ms,"
                         " last_sent_day = excluded.last_sent_day, ignored_in_a_row = excluded.ignored_in_a_row,"
                         " refused = excluded.refused"),
      due_(db, "SELECT l.id, l.platform, l.external_id, " QUIZ_SCHEDULE_COLUMNS
               " FROM reminder_schedule s JOIN learner l ON l.id = s.learner_id"
               " WHERE s.next_at_ms IS NOT NULL AND s.next_at_ms <= ?1 AND l.reminders_enabled = 1"
               " ORDER BY s.next_at_ms LIMIT ?2"),
      next_due_(db, "SELECT min(next_at_ms) FROM reminder_schedule WHERE next_at_ms IS NOT NULL"),
      record_sent_(db, "INSERT INTO reminder_log (learner_id, kind, local_date, due_count, sent_at_ms)"
                       " VALUES (?1, 'due_reviews', ?2, ?3, ?4) ON CONFLICT DO NOTHING"),
      last_answer_(db, "SELECT max(answered_at_ms) FROM attempt WHERE learner_id = ?1"),
      session_started_(db, "SELECT max(started_at_ms) FROM session WHERE learner_id = ?1 AND status = 'active'")
{
}
#undef QUIZ_SCHEDULE_COLUMNS
// NOLINTEND(cppcoreguidelines-macro-usage)

engine::reminder_schedule sqlite_reminder_book::find(engine::learner_id learner)
{
    const statement_use use(find_);
    use->bind(1, learner.value());
    if (!use->executeStep()) {
        return {};
    }
    return read_schedule(*use, 0);
}

void sqlite_reminder_book::save(engine::learner_id learner, const engine::reminder_schedule& schedule)
{
    {
        const statement_use use(save_learner_);
        use->bind(1, learner.value());
        use->bind(2, schedule.enabled ? 1 : 0);
        if (schedule.setting.time_chosen) {
            use->bind(3, static_cast<int>(schedule.setting.time_of_day.count()));
        } else {
            use->bind(3);
        }
        if (schedule.zone.empty()) {
            use->bind(4);
        } else {
            use->bind(4, schedule.zone);
        }
        use->exec();
    }
    const statement_use use(save_schedule_);
    use->bind(1, learner.value());
    bind_optional(*use, 2, schedule.next_at ? std::optional(to_ms(*schedule.next_at)) : std::nullopt);
    bind_optional(*use, 3, schedule.last_sent ? std::optional(to_ms(*schedule.last_sent)) : std::nullopt);
    bind_optional(*use, 4, schedule.last_sent_day ? std::optional(day_text(*schedule.last_sent_day)) : std::nullopt);
    use->bind(5, schedule.ignored_in_a_row);
    use->bind(6, schedule.refused ? 1 : 0);
    use->exec();
}

std::vector<engine::due_reminder> sqlite_reminder_book::due(engine::instant now, std::size_t limit)
{
    const statement_use use(due_);
    use->bind(1, to_ms(now));
    use->bind(2, static_cast<std::int64_t>(limit));
    std::vector<engine::due_reminder> out;
    while (use->executeStep()) {
        out.push_back({engine::learner_id{use->getColumn(0).getInt64()},
                       {use->getColumn(1).getString(), use->getColumn(2).getString()},
                       read_schedule(*use, 3)});
    }
    return out;
}

std::optional<engine::instant> sqlite_reminder_book::next_due()
{
    const statement_use use(next_due_);
    if (!use->executeStep()) {
        return std::nullopt;
    }
    const auto ms = optional_int(use->getColumn(0));
    return ms ? std::optional(from_ms(*ms)) : std::nullopt;
}

bool sqlite_reminder_book::record_sent(engine::learner_id learner, std::chrono::year_month_day day, int due_count,
                                       engine::instant at)
{
    const statement_use use(record_sent_);
    use->bind(1, learner.value());
    use->bind(2, day_text(day));
    use->bind(3, due_count);
    use->bind(4, to_ms(at));
    return use->exec() == 1;
}

std::optional<engine::instant> sqlite_reminder_book::last_answer(engine::learner_id learner)
{
    const statement_use use(last_answer_);
    use->bind(1, learner.value());
    use->executeStep();
    const auto ms = optional_int(use->getColumn(0));
    return ms ? std::optional(from_ms(*ms)) : std::nullopt;
}

std::optional<engine::instant> sqlite_reminder_book::session_started(engine::learner_id learner)
{
    const statement_use use(session_started_);
    use->bind(1, learner.value());
    use->executeStep();
    const auto ms = optional_int(use->getColumn(0));
    return ms ? std::optional(from_ms(*ms)) : std::nullopt;
}

} // namespace quiz::storage
