// SPDX-License-Identifier: MIT
#pragma once

#include "engine/recall/review_log.hpp"

#include <cstddef>
#include <iosfwd>
#include <string>
#include <variant>
#include <vector>

namespace quiz::bot {

/// A review log read from CSV, rows in file order.
struct review_log {
    std::vector<engine::recall::logged_review> reviews;
    std::vector<std::size_t> lines;      ///< 1-based line of each review
    std::vector<std::string> time_texts; ///< each review's review_time exactly as written
    std::vector<std::string> card_names; ///< card_id text, indexed by the review's card key
};

/// Why a file is not a review log; `line` is 1-based.
struct review_log_problem {
    std::size_t line = 0;
    std::string message;
};

/// Reads `card_id,review_rating,review_time[,review_duration]` CSV (a header row naming the columns, in any order;
/// other columns are ignored). card_id: any text without commas; review_rating: 1-4; review_time: ISO-8601 with a UTC
/// offset; review_duration: empty or whole milliseconds. Each card's rows must be in time order. Blank lines are
/// skipped. Streams the input line by line; stops at the first problem.
[[nodiscard]] std::variant<review_log, review_log_problem> read_review_log(std::istream& in);

} // namespace quiz::bot
