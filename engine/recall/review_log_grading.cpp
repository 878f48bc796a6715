// SPDX-License-Identifier: MIT
#include "engine/recall/review_log_grading.hpp"

#include "engine/recall/answer_grading.hpp"

#include <algorithm>
#include <array>
#include <numeric>
#include <utility>

namespace quiz::engine::recall {

namespace {

constexpr std::array gradings{std::pair{grading::logged, std::string_view("logged")},
                              std::pair{grading::pass_fail, std::string_view("pass-fail")},
                              std::pair{grading::response_time, std::string_view("time")}};

} // namespace

std::string_view name(grading g) noexcept
{
    for (const auto& [value, text] : gradings) {
        if (value == g) {
            return text;
        }
    }
    return "?";
}

std::optional<grading> parse_grading(std::string_view text) noexcept
{
    for (const auto& [value, spelled] : gradings) {
        if (spelled == text) {
            return value;
        }
    }
    return std::nullopt;
}

bool has_durations(std::span<const logged_review> log) noexcept
{
    return std::any_of(log.begin(), log.end(), [](const logged_review& r) { return r.duration.has_value(); });
}

std::vector<logged_review> regrade(std::span<const logged_review> log, grading how,
                                   const response_time_thresholds& thresholds)
{
    std::vector<logged_review> out(log.begin(), log.end());
    switch (how) {
    case grading::logged:
        return out;
    case grading::pass_fail:
        for (auto& review : out) {
            review.grade = rating_for_answer(passed(review.grade));
        }
        return out;
    case grading::response_time:
        break;
    }

    std::vector<std::size_t> order(log.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        if (log[a].time != log[b].time) {
            return log[a].time < log[b].time;
        }
        return log[a].card < log[b].card;
    });
    response_time_grader grader(thresholds);
    for (std::size_t first = 0; first < order.size();) {
        std::size_t last = first;
        while (last < order.size() && log[order[last]].time == log[order[first]].time) {
            ++last;
        }
        for (std::size_t k = first; k < last; ++k) {
            auto& review = out[order[k]];
            review.grade = grader.rating(passed(review.grade), review.duration);
        }
        for (std::size_t k = first; k < last; ++k) {
            const auto& review = log[order[k]];
            grader.record(passed(review.grade), review.duration);
        }
        first = last;
    }
    return out;
}

} // namespace quiz::engine::recall
