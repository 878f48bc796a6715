// SPDX-License-Identifier: MIT
#include "storage/sqlite_attempt_log.hpp"

#include "storage/sql_values.hpp"
#include "storage/statement_use.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Exception.h>
#include <sqlite3.h>

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

namespace quiz::storage {

namespace {

engine::venue parse_venue_column(const std::string& text)
{
    const auto parsed = engine::parse_venue(text);
    if (!parsed) {
        throw std::runtime_error("attempt row has unknown venue '" + text + "'");
    }
    return *parsed;
}

engine::fsrs::rating parse_rating(int value)
{
    if (value < 1 || value > 4) {
        throw std::runtime_error("attempt row has rating " + std::to_string(value));
    }
    return static_cast<engine::fsrs::rating>(value);
}

} // namespace

sqlite_attempt_log::sqlite_attempt_log(SQLite::Database& db, sqlite_content_ids& ids)
    : db_(db), ids_(ids),
      find_(db, "SELECT a.id, a.learner_id, a.workspace_id, p.pack_key, q.question_key, v.content_hash,"
                " a.chosen_choice, a.displayed_as, a.shown_order, a.correct, a.rating, a.first_attempt,"
                " a.response_ms, a.venue, a.session_id, a.round_id, a.answered_at_ms, a.next_due_at_ms,"
                " a.retry_in_session, a.follow_up_key"
                " FROM attempt a JOIN question_version v ON v.id = a.question_version_id"
                " JOIN question q ON q.id = v.question_id JOIN pack p ON p.id = q.pack_id"
                " WHERE a.idempotency_key = ?1"),
      // attempt_by_learner, in time order.
      history_(db, "SELECT p.pack_key, q.question_key, a.rating, a.answered_at_ms, a.response_ms"
                   " FROM attempt a JOIN question_version v ON v.id = a.question_version_id"
                   " JOIN question q ON q.id = v.question_id JOIN pack p ON p.id = q.pack_id"
                   " WHERE a.learner_id = ?1 ORDER BY a.answered_at_ms, a.id"),
      find_id_(db, "SELECT id FROM attempt WHERE idempotency_key = ?1"),
      insert_(db, "INSERT INTO attempt (idempotency_key, learner_id, question_version_id, chosen_choice,"
                  " displayed_as, shown_order, correct, rating, first_attempt, response_ms, venue, workspace_id,"
                  " session_id, round_id, answered_at_ms, next_due_at_ms, retry_in_session, follow_up_key)"
                  " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)"),
      stats_(db, "SELECT q.question_key, s.first_attempts, s.first_correct FROM question_stats s"
                 " JOIN question q ON q.id = s.question_id JOIN pack p ON p.id = q.pack_id"
                 " WHERE p.pack_key = ?1 AND s.first_attempts > 0"),
      // attempt_by_learner walked backwards from the newest answer.
      right_times_(db, "SELECT response_ms FROM attempt WHERE learner_id = ?1 AND correct = 1"
                       " AND session_id IS NOT NULL ORDER BY answered_at_ms DESC, id DESC LIMIT ?2")
{
}

std::optional<engine::attempt_record> sqlite_attempt_log::find(const engine::idempotency_key& key)
{
    const statement_use use(find_);
    use->bind(1, key.value());
    if (!use->executeStep()) {
        return std::nullopt;
    }
    engine::attempt_record a;
    a.id = engine::attempt_id{use->getColumn(0).getInt64()};
    a.key = key;
    a.learner = engine::learner_id{use->getColumn(1).getInt64()};
    if (const auto workspace = optional_int(use->getColumn(2))) {
        a.workspace = engine::workspace_id{*workspace};
    }
    a.pack = engine::pack_key{use->getColumn(3).getString()};
    a.question = engine::question_key{use->getColumn(4).getString()};
    a.content_hash = use->getColumn(5).getString();
    a.chosen = checked_int<std::uint32_t>(use->getColumn(6));
    a.displayed_as = checked_int<std::uint32_t>(use->getColumn(7));
    a.shown_order = split_numbers(use->getColumn(8).getString());
    a.correct = use->getColumn(9).getInt() != 0;
    a.rating = parse_rating(use->getColumn(10).getInt());
    a.first_attempt = use->getColumn(11).getInt() != 0;
    a.response_time = std::chrono::milliseconds{use->getColumn(12).getInt64()};
    a.where = parse_venue_column(use->getColumn(13).getString());
    if (const auto session = optional_int(use->getColumn(14))) {
        a.session = engine::session_id{*session};
    }
    if (const auto round = optional_int(use->getColumn(15))) {
        a.round = engine::round_id{*round};
    }
    a.answered_at = from_ms(use->getColumn(16).getInt64());
    a.next_due = from_ms(use->getColumn(17).getInt64());
    a.retry_in_session = use->getColumn(18).getInt() != 0;
    if (const auto follow_up = optional_text(use->getColumn(19))) {
        a.follow_up = engine::question_key{*follow_up};
    }
    return a;
}

engine::attempt_id sqlite_attempt_log::append(const engine::attempt_record& attempt) { return append_once(attempt).id; }

append_result sqlite_attempt_log::append_once(const engine::attempt_record& attempt)
{
    // An attempt always names a version, even one with an empty hash.
    const std::int64_t version_id =
        attempt.content_hash.empty()
            ? ids_.ensure_version(ids_.ensure_question(ids_.ensure_pack(attempt.pack), attempt.question), "")
            : ids_.ensure_all(attempt.pack, attempt.question, attempt.content_hash).version;
    {
        const statement_use use(insert_);
        use->bind(1, attempt.key.value());
        use->bind(2, attempt.learner.value());
        use->bind(3, version_id);
        use->bind(4, attempt.chosen);
        use->bind(5, attempt.displayed_as);
        use->bind(6, join_numbers(attempt.shown_order));
        use->bind(7, attempt.correct ? 1 : 0);
        use->bind(8, static_cast<int>(attempt.rating));
        use->bind(9, attempt.first_attempt ? 1 : 0);
        use->bind(10, static_cast<std::int64_t>(attempt.response_time.count()));
        use->bind(11, std::string(engine::name(attempt.where)));
        bind_optional(*use, 12, attempt.workspace ? std::optional(attempt.workspace->value()) : std::nullopt);
        bind_optional(*use, 13, attempt.session ? std::optional(attempt.session->value()) : std::nullopt);
        bind_optional(*use, 14, attempt.round ? std::optional(attempt.round->value()) : std::nullopt);
        use->bind(15, to_ms(attempt.answered_at));
        use->bind(16, to_ms(attempt.next_due));
        use->bind(17, attempt.retry_in_session ? 1 : 0);
        bind_optional(*use, 18, attempt.follow_up ? std::optional(attempt.follow_up->value()) : std::nullopt);
        const int rc = use->tryExecuteStep();
        if (rc == SQLITE_DONE) {
            return {engine::attempt_id{db_.getLastInsertRowid()}, true};
        }
        // The one UNIQUE constraint besides the row id is the idempotency key: a repeated action, not a failure.
        if (use->getExtendedErrorCode() != SQLITE_CONSTRAINT_UNIQUE) {
            throw SQLite::Exception(db_.getHandle(), rc);
        }
    }
    const statement_use use(find_id_);
    use->bind(1, attempt.key.value());
    if (!use->executeStep()) {
        throw std::logic_error("attempt insert hit a UNIQUE constraint but no attempt has key " + attempt.key.value());
    }
    return {engine::attempt_id{use->getColumn(0).getInt64()}, false};
}

std::vector<engine::question_stats> sqlite_attempt_log::first_attempt_stats(const engine::pack_key& pack)
{
    const statement_use use(stats_);
    use->bind(1, pack.value());
    std::vector<engine::question_stats> rows;
    while (use->executeStep()) {
        rows.push_back({engine::question_key{use->getColumn(0).getString()}, checked_int<int>(use->getColumn(1)),
                        checked_int<int>(use->getColumn(2))});
    }
    return rows;
}

std::vector<std::chrono::milliseconds> sqlite_attempt_log::recent_right_response_times(engine::learner_id learner,
                                                                                       std::size_t count)
{
    const statement_use use(right_times_);
    use->bind(1, learner.value());
    constexpr auto most = static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max());
    use->bind(2, static_cast<std::int64_t>(std::min(count, most)));
    std::vector<std::chrono::milliseconds> times;
    while (use->executeStep()) {
        times.emplace_back(use->getColumn(0).getInt64());
    }
    return times;
}

std::vector<engine::answer_outline> sqlite_attempt_log::history(engine::learner_id learner)
{
    const statement_use use(history_);
    use->bind(1, learner.value());
    std::vector<engine::answer_outline> rows;
    while (use->executeStep()) {
        engine::answer_outline row;
        row.pack = engine::pack_key{use->getColumn(0).getString()};
        row.question = engine::question_key{use->getColumn(1).getString()};
        row.rating = static_cast<engine::fsrs::rating>(checked_int<int>(use->getColumn(2)));
        row.answered_at = from_ms(use->getColumn(3).getInt64());
        row.response_time = std::chrono::milliseconds{use->getColumn(4).getInt64()};
        rows.push_back(std::move(row));
    }
    return rows;
}

} // namespace quiz::storage
