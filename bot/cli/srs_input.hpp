// SPDX-License-Identifier: MIT
#pragma once

#include "bot/cli/args.hpp"
#include "bot/cli/command.hpp"
#include "bot/review_log_csv.hpp"
#include "engine/recall/recall_predictor.hpp"
#include "engine/recall/review_log_grading.hpp"

#include <optional>
#include <string>
#include <vector>

namespace quiz::bot::cli {

/// Reads the review log named by the single positional argument ("-" for standard input). Problems are reported
/// on `streams.err` as "FILE:LINE: error: message"; nullopt then. A missing argument is a usage_error.
[[nodiscard]] std::optional<review_log> load_review_log(const args& parsed, io streams);

/// Predictor options from `--next-day-starts-at HOUR` (0-23, default 4) and `--min-reviews N`.
[[nodiscard]] engine::recall::predictor_options predictor_options_from(const args& parsed);

/// `--grading logged|pass-fail|time` (default logged); a usage_error for anything else.
[[nodiscard]] engine::recall::grading grading_from(const args& parsed);

/// The log's reviews rated as `how` says (engine/recall/review_log_grading.hpp). `time` needs durations: on a log where no
/// row has a review_duration it reports "FILE: error: ..." on `streams.err` and returns nullopt, rather than give
/// pass/fail results under the name of time grading.
[[nodiscard]] std::optional<std::vector<engine::recall::logged_review>>
graded_reviews(const args& parsed, const review_log& log, engine::recall::grading how, io streams);

} // namespace quiz::bot::cli
