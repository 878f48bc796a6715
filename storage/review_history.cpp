// SPDX-License-Identifier: MIT
#include "storage/review_history.hpp"

#include "storage/sql_values.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <stdexcept>

namespace quiz::storage {

namespace {

engine::fsrs::rating rating_column(const SQLite::Column& column)
{
    const int value = column.getInt();
    if (value < 1 || value > 4) {
        throw std::runtime_error("attempt row has rating " + std::to_string(value));
    }
    return static_cast<engine::fsrs::rating>(value);
}

} // namespace

// The filters are added to the text rather than written `(?1 IS NULL OR a.learner_id = ?1)`: SQLite cannot use an
// index for such a condition, and the learner filter must stay a walk of attempt_by_learner.
std::string review_history_query(const history_filter& filter)
{
    std::string sql = "SELECT a.learner_id, l.platform, l.external_id, l.display_name, p.pack_key, q.question_key,"
                      " a.rating, a.correct, a.answered_at_ms, a.response_ms"
                      " FROM attempt a JOIN learner l ON l.id = a.learner_id"
                      " JOIN question_version v ON v.id = a.question_version_id"
                      " JOIN question q ON q.id = v.question_id JOIN pack p ON p.id = q.pack_id WHERE 1";
    if (filter.learner) {
        sql += " AND a.learner_id = :learner";
    }
    if (filter.pack) {
        sql += " AND p.pack_key = :pack";
    }
    sql += " ORDER BY a.answered_at_ms, a.learner_id, p.pack_key, q.question_key, a.id";
    return sql;
}

void for_each_review(SQLite::Database& db, const history_filter& filter,
                     const std::function<void(const history_row&)>& visit)
{
    SQLite::Statement query(db, review_history_query(filter));
    if (filter.learner) {
        query.bind(":learner", filter.learner->value());
    }
    if (filter.pack) {
        query.bind(":pack", filter.pack->value());
    }
    history_row row;
    while (query.executeStep()) {
        row.learner = engine::learner_id{query.getColumn(0).getInt64()};
        row.learner_platform = query.getColumn(1).getString();
        row.learner_external_id = query.getColumn(2).getString();
        row.learner_display_name = query.getColumn(3).getString();
        row.pack = engine::pack_key{query.getColumn(4).getString()};
        row.question = engine::question_key{query.getColumn(5).getString()};
        row.rating = rating_column(query.getColumn(6));
        row.correct = query.getColumn(7).getInt() != 0;
        row.answered_at = from_ms(query.getColumn(8).getInt64());
        row.response_time = std::chrono::milliseconds{query.getColumn(9).getInt64()};
        visit(row);
    }
}

std::vector<history_row> read_review_history(SQLite::Database& db, const history_filter& filter)
{
    std::vector<history_row> rows;
    for_each_review(db, filter, [&rows](const history_row& row) { rows.push_back(row); });
    return rows;
}

} // namespace quiz::storage
