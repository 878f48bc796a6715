// SPDX-License-Identifier: MIT
#pragma once

#include "bot/cli/args.hpp"
#include "bot/cli/command.hpp"
#include "bot/review_log_csv.hpp"
#include "engine/recall_predictor.hpp"

#include <optional>
#include <string>

namespace quiz::bot::cli {

/// Reads the review log named by the single positional argument ("-" for standard input). Problems are reported
/// on `streams.err` as "FILE:LINE: error: message"; nullopt then. A missing argument is a usage_error.
[[nodiscard]] std::optional<review_log> load_review_log(const args& parsed, io streams);

/// Predictor options from `--next-day-starts-at HOUR` (0-23, default 4) and `--min-reviews N`.
[[nodiscard]] engine::recall::predictor_options predictor_options_from(const args& parsed);

} // namespace quiz::bot::cli
