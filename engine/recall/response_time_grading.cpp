// SPDX-License-Identifier: MIT
#include "engine/recall/response_time_grading.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace quiz::engine {

response_time_grader::response_time_grader(const response_time_thresholds& thresholds) : thresholds_(thresholds)
{
    if (!(thresholds.slow_factor > 1.0) || !(thresholds.fast_factor >= 0.0 && thresholds.fast_factor < 1.0) ||
        thresholds.window == 0 || thresholds.minimum_history == 0 || thresholds.minimum_history > thresholds.window) {
        throw std::invalid_argument("response-time thresholds: need slow_factor > 1, 0 <= fast_factor < 1 and "
                                    "1 <= minimum_history <= window");
    }
}

std::optional<double> response_time_grader::typical_ms() const
{
    if (recent_.size() < thresholds_.minimum_history) {
        return std::nullopt;
    }
    std::vector<double> times;
    times.reserve(recent_.size());
    for (const auto t : recent_) {
        times.push_back(static_cast<double>(t.count()));
    }
    const std::size_t middle = times.size() / 2;
    std::nth_element(times.begin(), times.begin() + static_cast<std::ptrdiff_t>(middle), times.end());
    const double upper = times[middle];
    if (times.size() % 2 == 1) {
        return upper;
    }
    // Even count: the mean of the two middle values; the lower one is the largest of the lower half.
    const double lower = *std::max_element(times.begin(), times.begin() + static_cast<std::ptrdiff_t>(middle));
    return (lower + upper) / 2.0;
}

fsrs::rating response_time_grader::rating(bool correct, std::optional<std::chrono::milliseconds> took) const
{
    if (!correct) {
        return fsrs::rating::again;
    }
    const auto typical = typical_ms();
    if (!took || took->count() < 0 || !typical) {
        return fsrs::rating::good;
    }
    const auto ms = static_cast<double>(took->count());
    if (ms > thresholds_.slow_factor * *typical) {
        return fsrs::rating::hard;
    }
    if (ms < thresholds_.fast_factor * *typical) {
        return fsrs::rating::easy;
    }
    return fsrs::rating::good;
}

void response_time_grader::record(bool correct, std::optional<std::chrono::milliseconds> took)
{
    if (!correct || !took || took->count() < 0) {
        return;
    }
    recent_.push_back(*took);
    if (recent_.size() > thresholds_.window) {
        recent_.pop_front();
    }
}

} // namespace quiz::engine
