// SPDX-License-Identifier: MIT
#include "engine/core/tutor_ids.hpp"

#include <array>

namespace quiz::engine {

namespace {
constexpr std::array venue_names{"dm", "channel", "group_round", "terminal", "web"};
} // namespace

std::string_view name(venue where) noexcept { return venue_names[static_cast<std::size_t>(where)]; }

std::optional<venue> parse_venue(std::string_view text) noexcept
{
    for (std::size_t i = 0; i < venue_names.size(); ++i) {
        if (text == venue_names[i]) {
            return static_cast<venue>(i);
        }
    }
    return std::nullopt;
}

} // namespace quiz::engine
