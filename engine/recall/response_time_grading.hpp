// SPDX-License-Identifier: MIT
#pragma once

#include "engine/fsrs/fsrs_model.hpp"

#include <chrono>
#include <cstddef>
#include <deque>
#include <optional>

namespace quiz::engine {

/// When a right answer counts as slow (Hard) or fast (Easy), relative to the learner's own typical time: the median
/// response time of their last `window` right answers. Off by default everywhere (docs/scheduler-evaluation.md: not
/// shown to lower log loss); the suggested starting point is "slow = more than twice the typical time".
struct response_time_thresholds {
    /// A right answer slower than slow_factor x typical is Hard. Must be > 1.
    double slow_factor = 2.0;
    /// A right answer faster than fast_factor x typical is Easy. Must be in [0, 1); 0 never gives Easy.
    double fast_factor = 0.5;
    /// The typical time is the median over this many of the learner's latest right answers with a known time.
    std::size_t window = 64;
    /// With fewer earlier right answers than this, a right answer is Good (no typical time yet).
    std::size_t minimum_history = 16;
};

/// Grades multiple-choice answers from correctness and response time, learning the learner's typical time from
/// their earlier answers only (`rating` never sees the answer it grades: call `record` after it). Wrong is always
/// Again; right is Hard when slow, Easy when fast, Good otherwise, and Good when its time or the typical time is
/// unknown (a negative time, from clocks out of step, counts as unknown). Times are compared strictly: exactly
/// slow_factor x typical is still Good.
class response_time_grader {
public:
    /// std::invalid_argument when the thresholds break their documented ranges.
    explicit response_time_grader(const response_time_thresholds& thresholds = {});

    [[nodiscard]] fsrs::rating rating(bool correct, std::optional<std::chrono::milliseconds> took) const;
    /// Adds an answer to the history (only right answers with a known time count).
    void record(bool correct, std::optional<std::chrono::milliseconds> took);
    /// The median of the remembered right-answer times, in milliseconds; nullopt below minimum_history.
    [[nodiscard]] std::optional<double> typical_ms() const;

private:
    response_time_thresholds thresholds_;
    std::deque<std::chrono::milliseconds> recent_; ///< oldest first, at most `window`
};

} // namespace quiz::engine
