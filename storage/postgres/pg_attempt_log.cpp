// SPDX-License-Identifier: MIT
#include "storage/postgres/pg_attempt_log.hpp"

#include "storage/postgres/transaction.hpp"
#include "storage/sql_values.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

namespace quiz::storage::postgres {

namespace {

// Held until the transaction ends: whoever looks the key up second waits for the first's commit or rollback. The
// prefix keeps these keys apart from the other advisory locks' (hashtext spans the int4 range; migrations use a
// key far outside it).
constexpr statement attempt_lock_key{"attempt_log.lock_key",
                                     "SELECT pg_advisory_xact_lock(hashtext('attempt ' || $1::text))"};
constexpr statement attempt_find{
    "attempt_log.find",
    "SELECT a.id, a.learner_id, a.workspace_id, p.pack_key, q.question_key, v.content_hash, a.chosen_choice,"
    " a.displayed_as, a.shown_order, a.correct, a.rating, a.first_attempt, a.response_ms, a.venue, a.session_id,"
    " a.round_id, a.answered_at_ms, a.next_due_at_ms, a.retry_in_session, a.follow_up_key"
    " FROM attempt a JOIN question_version v ON v.id = a.question_version_id"
    " JOIN question q ON q.id = v.question_id JOIN pack p ON p.id = q.pack_id WHERE a.idempotency_key = $1"};
// attempt_by_learner, in time order.
constexpr statement attempt_history{"attempt_log.history",
                                    "SELECT p.pack_key, q.question_key, a.rating, a.answered_at_ms, a.response_ms"
                                    " FROM attempt a JOIN question_version v ON v.id = a.question_version_id"
                                    " JOIN question q ON q.id = v.question_id JOIN pack p ON p.id = q.pack_id"
                                    " WHERE a.learner_id = $1 ORDER BY a.answered_at_ms, a.id"};
constexpr statement attempt_find_id{"attempt_log.find_id", "SELECT id FROM attempt WHERE idempotency_key = $1"};
constexpr statement attempt_insert{
    "attempt_log.insert",
    "INSERT INTO attempt (idempotency_key, learner_id, question_version_id, chosen_choice, displayed_as, shown_order,"
    " correct, rating, first_attempt, response_ms, venue, workspace_id, session_id, round_id, answered_at_ms,"
    " next_due_at_ms, retry_in_session, follow_up_key)"
    " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)"
    " ON CONFLICT (idempotency_key) DO NOTHING RETURNING id"};
constexpr statement attempt_stats{
    "attempt_log.first_attempt_stats",
    "SELECT q.question_key, sum(s.first_attempts), sum(s.first_correct) FROM question_stats s"
    " JOIN question q ON q.id = s.question_id JOIN pack p ON p.id = q.pack_id"
    " WHERE p.pack_key = $1 GROUP BY q.question_key HAVING sum(s.first_attempts) > 0"};
// attempt_by_learner walked backwards from the newest answer.
constexpr statement attempt_right_times{"attempt_log.recent_right_response_times",
                                        "SELECT response_ms FROM attempt WHERE learner_id = $1 AND correct = 1"
                                        " AND session_id IS NOT NULL ORDER BY answered_at_ms DESC, id DESC LIMIT $2"};

/// A column that must fit the C++ type it is read into; a value out of range is damaged data.
template <class Int>
Int attempt_column(const result& rows, int row, int column)
{
    const std::int64_t value = rows.int64(row, column);
    if (!std::in_range<Int>(value)) {
        throw std::runtime_error("attempt column " + std::to_string(column) + " holds " + std::to_string(value) +
                                 ", out of range");
    }
    return static_cast<Int>(value);
}

engine::venue attempt_parse_venue(std::string_view text)
{
    const auto parsed = engine::parse_venue(text);
    if (!parsed) {
        throw std::runtime_error("attempt row has unknown venue '" + std::string(text) + "'");
    }
    return *parsed;
}

engine::fsrs::rating attempt_parse_rating(std::int64_t value)
{
    if (value < 1 || value > 4) {
        throw std::runtime_error("attempt row has rating " + std::to_string(value));
    }
    return static_cast<engine::fsrs::rating>(value);
}

template <class Id>
std::optional<std::int64_t> attempt_optional_id(const std::optional<Id>& id)
{
    return id ? std::optional(id->value()) : std::nullopt;
}

} // namespace

std::optional<engine::attempt_record> pg_attempt_log::find(const engine::idempotency_key& key)
{
    connection& db = current_connection();
    db.defer(attempt_lock_key, params().add(key.value())); // travels with the find
    // A statement after the lock: its snapshot sees what the lock's previous holder committed.
    const result rows = db.run(attempt_find, params().add(key.value()));
    if (rows.empty()) {
        return std::nullopt;
    }
    engine::attempt_record a;
    a.id = engine::attempt_id{rows.int64(0, 0)};
    a.key = key;
    a.learner = engine::learner_id{rows.int64(0, 1)};
    if (const auto workspace = rows.optional_int64(0, 2)) {
        a.workspace = engine::workspace_id{*workspace};
    }
    a.pack = engine::pack_key{std::string(rows.text(0, 3))};
    a.question = engine::question_key{std::string(rows.text(0, 4))};
    a.content_hash = std::string(rows.text(0, 5));
    a.chosen = attempt_column<std::uint32_t>(rows, 0, 6);
    a.displayed_as = attempt_column<std::uint32_t>(rows, 0, 7);
    a.shown_order = split_numbers(std::string(rows.text(0, 8)));
    a.correct = rows.int64(0, 9) != 0;
    a.rating = attempt_parse_rating(rows.int64(0, 10));
    a.first_attempt = rows.int64(0, 11) != 0;
    a.response_time = std::chrono::milliseconds{rows.int64(0, 12)};
    a.where = attempt_parse_venue(rows.text(0, 13));
    if (const auto session = rows.optional_int64(0, 14)) {
        a.session = engine::session_id{*session};
    }
    if (const auto round = rows.optional_int64(0, 15)) {
        a.round = engine::round_id{*round};
    }
    a.answered_at = from_ms(rows.int64(0, 16));
    a.next_due = from_ms(rows.int64(0, 17));
    a.retry_in_session = rows.int64(0, 18) != 0;
    if (auto follow_up = rows.optional_text(0, 19)) {
        a.follow_up = engine::question_key{std::move(*follow_up)};
    }
    return a;
}

engine::attempt_id pg_attempt_log::append(const engine::attempt_record& attempt) { return append_once(attempt).id; }

append_result pg_attempt_log::append_once(const engine::attempt_record& attempt)
{
    // An attempt always names a version, even one with an empty hash.
    const std::int64_t version_id =
        attempt.content_hash.empty()
            ? ids_.ensure_version(ids_.ensure_question(ids_.ensure_pack(attempt.pack), attempt.question), "")
            : ids_.ensure_all(attempt.pack, attempt.question, attempt.content_hash).version;
    params p;
    p.add(attempt.key.value())
        .add(attempt.learner.value())
        .add(version_id)
        .add(static_cast<std::int64_t>(attempt.chosen))
        .add(static_cast<std::int64_t>(attempt.displayed_as))
        .add(join_numbers(attempt.shown_order))
        .add(attempt.correct ? 1 : 0)
        .add(static_cast<int>(attempt.rating))
        .add(attempt.first_attempt ? 1 : 0)
        .add(static_cast<std::int64_t>(attempt.response_time.count()))
        .add(engine::name(attempt.where))
        .add(attempt_optional_id(attempt.workspace))
        .add(attempt_optional_id(attempt.session))
        .add(attempt_optional_id(attempt.round))
        .add(to_ms(attempt.answered_at))
        .add(to_ms(attempt.next_due))
        .add(attempt.retry_in_session ? 1 : 0)
        .add(attempt.follow_up ? std::optional(attempt.follow_up->value()) : std::nullopt);
    connection& db = current_connection();
    const result inserted = db.run(attempt_insert, p);
    if (!inserted.empty()) {
        return {engine::attempt_id{inserted.int64(0, 0)}, true};
    }
    // The key was logged already (by this transaction, or by one that committed while the insert waited for it): a
    // repeated action. This new statement's snapshot sees that row.
    const result earlier = db.run(attempt_find_id, params().add(attempt.key.value()));
    if (earlier.empty()) {
        throw std::logic_error("attempt insert conflicted but no attempt has key " + attempt.key.value());
    }
    return {engine::attempt_id{earlier.int64(0, 0)}, false};
}

std::vector<engine::question_stats> pg_attempt_log::first_attempt_stats(const engine::pack_key& pack)
{
    return stats_.get(pack.value(), [&] {
        const result rows = current_connection().run(attempt_stats, params().add(pack.value()));
        std::vector<engine::question_stats> stats;
        for (int i = 0; i < rows.rows(); ++i) {
            stats.push_back({engine::question_key{std::string(rows.text(i, 0))}, attempt_column<int>(rows, i, 1),
                             attempt_column<int>(rows, i, 2)});
        }
        return stats;
    });
}

std::vector<std::chrono::milliseconds> pg_attempt_log::recent_right_response_times(engine::learner_id learner,
                                                                                   std::size_t count)
{
    constexpr auto most = static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max());
    const result rows = current_connection().run(
        attempt_right_times, params().add(learner.value()).add(static_cast<std::int64_t>(std::min(count, most))));
    std::vector<std::chrono::milliseconds> times;
    times.reserve(static_cast<std::size_t>(rows.rows()));
    for (int i = 0; i < rows.rows(); ++i) {
        times.emplace_back(rows.int64(i, 0));
    }
    return times;
}

std::vector<engine::answer_outline> pg_attempt_log::history(engine::learner_id learner)
{
    const result rows = current_connection().run(attempt_history, params().add(learner.value()));
    std::vector<engine::answer_outline> outlines;
    outlines.reserve(static_cast<std::size_t>(rows.rows()));
    for (int i = 0; i < rows.rows(); ++i) {
        engine::answer_outline row;
        row.pack = engine::pack_key{std::string(rows.text(i, 0))};
        row.question = engine::question_key{std::string(rows.text(i, 1))};
        row.rating = attempt_parse_rating(rows.int64(i, 2));
        row.answered_at = from_ms(rows.int64(i, 3));
        row.response_time = std::chrono::milliseconds{rows.int64(i, 4)};
        outlines.push_back(std::move(row));
    }
    return outlines;
}

} // namespace quiz::storage::postgres
