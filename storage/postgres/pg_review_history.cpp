// SPDX-License-Identifier: MIT
#include "storage/postgres/pg_review_history.hpp"

#include "storage/postgres/transaction.hpp"
#include "storage/sql_values.hpp"

#include <atomic>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace quiz::storage::postgres {

namespace {

constexpr statement history_pack_id{"history_pack_id", "SELECT id FROM pack WHERE pack_key = $1"};

/// Rows fetched from the cursor at a time.
constexpr int history_batch = 1000;

/// The query the cursor runs. DECLARE cannot be prepared nor take parameters, so the filters are written into the
/// text, as numbers only (the pack by its id): nothing a caller passes reaches it as text. Ties are ordered as in
/// storage/review_history.cpp, text bytewise as SQLite compares it.
std::string history_query(const history_filter& filter, std::optional<std::int64_t> pack_id)
{
    std::string sql = "SELECT a.learner_id, l.platform, l.external_id, l.display_name, p.pack_key, q.question_key,"
                      " a.rating, a.correct, a.answered_at_ms, a.response_ms"
                      " FROM attempt a JOIN learner l ON l.id = a.learner_id"
                      " JOIN question_version v ON v.id = a.question_version_id"
                      " JOIN question q ON q.id = v.question_id JOIN pack p ON p.id = q.pack_id WHERE true";
    if (filter.learner) {
        sql += " AND a.learner_id = " + std::to_string(filter.learner->value()); // attempt_by_learner
    }
    if (pack_id) {
        sql += " AND q.pack_id = " + std::to_string(*pack_id);
    }
    sql += " ORDER BY a.answered_at_ms, a.learner_id, p.pack_key COLLATE \"C\", q.question_key COLLATE \"C\", a.id";
    return sql;
}

engine::fsrs::rating history_rating(std::int64_t value)
{
    if (value < 1 || value > 4) {
        throw std::runtime_error("attempt row has rating " + std::to_string(value));
    }
    return static_cast<engine::fsrs::rating>(value);
}

} // namespace

void for_each_review(connection& db, const history_filter& filter, const std::function<void(const history_row&)>& visit)
{
    transaction reads(db, transaction::kind::reads);
    std::optional<std::int64_t> pack_id;
    if (filter.pack) {
        const result found = db.run(history_pack_id, params{}.add(filter.pack->value()));
        if (found.empty()) {
            return; // no such pack, so no attempt at it
        }
        pack_id = found.int64(0, 0);
    }
    // A name of its own per call, should `visit` read the history again on this connection.
    static std::atomic<std::uint64_t> cursors{0};
    const std::string cursor = "history_rows_" + std::to_string(cursors.fetch_add(1, std::memory_order_relaxed));
    db.exec("DECLARE " + cursor + " NO SCROLL CURSOR FOR " + history_query(filter, pack_id));
    const std::string fetch = "FETCH FORWARD " + std::to_string(history_batch) + " FROM " + cursor;
    history_row row;
    for (;;) {
        const result batch = db.exec(fetch);
        for (int i = 0; i < batch.rows(); ++i) {
            row.learner = engine::learner_id{batch.int64(i, 0)};
            row.learner_platform = batch.text(i, 1);
            row.learner_external_id = batch.text(i, 2);
            row.learner_display_name = batch.text(i, 3);
            row.pack = engine::pack_key{std::string(batch.text(i, 4))};
            row.question = engine::question_key{std::string(batch.text(i, 5))};
            row.rating = history_rating(batch.int64(i, 6));
            row.correct = batch.int64(i, 7) != 0;
            row.answered_at = from_ms(batch.int64(i, 8));
            row.response_time = std::chrono::milliseconds{batch.int64(i, 9)};
            visit(row);
        }
        if (batch.rows() < history_batch) {
            break;
        }
    }
    // Inside a savepoint the cursor would outlive it, until the outer transaction ends.
    db.exec("CLOSE " + cursor);
    reads.commit();
}

std::vector<history_row> read_review_history(connection& db, const history_filter& filter)
{
    std::vector<history_row> rows;
    for_each_review(db, filter, [&rows](const history_row& row) { rows.push_back(row); });
    return rows;
}

} // namespace quiz::storage::postgres
