// SPDX-License-Identifier: MIT
#pragma once

#include "engine/recall/response_time_grading.hpp"
#include "engine/recall/review_log.hpp"

#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace quiz::engine::recall {

/// How the reviews of a log are rated before the recall models see them.
enum class grading : unsigned char {
    logged,        ///< the ratings as written
    pass_fail,     ///< what the tutor knows of a multiple-choice answer: rating 1 is Again, 2-4 are Good
    response_time, ///< pass/fail, then a pass refined to Hard/Good/Easy from review_duration (response_time_grader)
};

/// "logged", "pass-fail", "time".
[[nodiscard]] std::string_view name(grading g) noexcept;
[[nodiscard]] std::optional<grading> parse_grading(std::string_view text) noexcept;

/// Whether any review of the log carries a duration.
[[nodiscard]] bool has_durations(std::span<const logged_review> log) noexcept;

/// The log with each review re-rated as `how` says, rows in the same order. Whether a review passed never changes,
/// so the recall labels stay the same. For response_time, the learner's typical time is learned in time order
/// (ties by card, then row, as the predictor orders reviews) from earlier reviews only: reviews sharing a
/// timestamp do not see each other's times. A review without a duration is graded Good when it passed.
[[nodiscard]] std::vector<logged_review> regrade(std::span<const logged_review> log, grading how,
                                                 const response_time_thresholds& thresholds = {});

} // namespace quiz::engine::recall
