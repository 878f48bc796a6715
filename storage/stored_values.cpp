// SPDX-License-Identifier: MIT
#include "storage/stored_values.hpp"

#include <cstdio>

namespace quiz::storage {

std::string day_text(std::chrono::year_month_day day)
{
    char text[16];
    std::snprintf(text, sizeof text, "%04d-%02u-%02u", static_cast<int>(day.year()), static_cast<unsigned>(day.month()),
                  static_cast<unsigned>(day.day()));
    return text;
}

std::optional<std::chrono::year_month_day> parse_day(const std::optional<std::string>& text)
{
    int y = 0;
    unsigned m = 0;
    unsigned d = 0;
    if (!text || std::sscanf(text->c_str(), "%d-%u-%u", &y, &m, &d) != 3) {
        return std::nullopt;
    }
    const std::chrono::year_month_day day{std::chrono::year{y}, std::chrono::month{m}, std::chrono::day{d}};
    return day.ok() ? std::optional(day) : std::nullopt;
}

std::set<std::int64_t> participants_of(const engine::round_state& state)
{
    std::set<std::int64_t> people;
    if (state.host.value() != 0) {
        people.insert(state.host.value());
    }
    for (const auto& player : state.players) {
        people.insert(player.learner.value());
    }
    for (const auto& answer : state.answers) {
        people.insert(answer.learner.value());
    }
    return people;
}

} // namespace quiz::storage
