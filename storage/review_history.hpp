// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/pack.hpp"
#include "engine/core/tutor_ids.hpp"
#include "engine/fsrs/fsrs_model.hpp"

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace SQLite {
class Database;
}

namespace quiz::storage {

/// One attempt as a review of a card: who answered which question of which pack, when, how it was graded.
struct history_row {
    engine::learner_id learner;
    std::string learner_platform; ///< with learner_external_id, how platforms and `quizbot forget` name them
    std::string learner_external_id;
    std::string learner_display_name; ///< may be empty
    engine::pack_key pack;
    engine::question_key question;
    engine::fsrs::rating rating = engine::fsrs::rating::good; ///< the FSRS grade the attempt counted as
    bool correct = false;
    engine::instant answered_at;
    std::chrono::milliseconds response_time{0};
};

/// Which attempts to read; an unset field does not filter.
struct history_filter {
    std::optional<engine::learner_id> learner; ///< read through the index attempt_by_learner
    std::optional<engine::pack_key> pack;
};

/// Every matching attempt, in time order, ties by learner id, pack, question, then the order they were recorded, so
/// each card's (learner, pack, question) rows are in time order as review-log readers require. `visit` is called
/// once per row while the query steps, so a whole database is never held in memory.
void for_each_review(SQLite::Database& db, const history_filter& filter,
                     const std::function<void(const history_row&)>& visit);

/// The same rows, collected.
[[nodiscard]] std::vector<history_row> read_review_history(SQLite::Database& db, const history_filter& filter);

/// The SQL the two run for `filter`, with the parameters :learner and :pack (for checking its query plan).
[[nodiscard]] std::string review_history_query(const history_filter& filter);

} // namespace quiz::storage
