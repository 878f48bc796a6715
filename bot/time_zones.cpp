// SPDX-License-Identifier: MIT
#include "bot/time_zones.hpp"

#include <cctz/civil_time.h>
#include <cctz/time_zone.h>

#include <algorithm>
#include <string>

namespace quiz::bot {

namespace {

using namespace std::chrono;

class iana_zone final : public engine::zone_rules {
public:
    explicit iana_zone(cctz::time_zone zone) : zone_(zone) {}

    [[nodiscard]] engine::local_time local(engine::instant at) const override
    {
        const auto cs = cctz::convert(floor<seconds>(at), zone_);
        const year_month_day day{year{static_cast<int>(cs.year())}, month{static_cast<unsigned>(cs.month())},
                                 std::chrono::day{static_cast<unsigned>(cs.day())}};
        return {day, minutes{cs.hour() * 60 + cs.minute()}};
    }

    [[nodiscard]] engine::instant at(year_month_day day, minutes time_of_day) const override
    {
        const cctz::civil_second cs(static_cast<int>(day.year()), static_cast<unsigned>(day.month()),
                                    static_cast<unsigned>(day.day()), time_of_day.count() / 60,
                                    time_of_day.count() % 60, 0);
        return time_point_cast<milliseconds>(cctz::convert(cs, zone_));
    }

private:
    cctz::time_zone zone_;
};

bool name_char(char c) noexcept
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
           c == '+' || c == '/';
}

} // namespace

bool plausible_zone_name(std::string_view name) noexcept
{
    if (name.empty() || name.size() > 64 || name.front() == '/' || name.back() == '/' ||
        name.find("..") != std::string_view::npos || name.find("//") != std::string_view::npos) {
        return false;
    }
    if (name == "localtime" || name.starts_with("Fixed/")) {
        return false;
    }
    return std::ranges::all_of(name, name_char);
}

std::unique_ptr<engine::zone_rules> load_time_zone(std::string_view name)
{
    if (!plausible_zone_name(name)) {
        return nullptr;
    }
    cctz::time_zone zone;
    if (!cctz::load_time_zone(std::string(name), &zone)) {
        return nullptr;
    }
    return std::make_unique<iana_zone>(zone);
}

const engine::zone_rules* time_zone_cache::find(const std::string& name) const
{
    const std::lock_guard lock(mutex_);
    if (const auto it = zones_.find(name); it != zones_.end()) {
        return it->second.get();
    }
    // Only real zones are kept (the IANA database has some 600), so learners' typos cannot grow the cache, and a
    // zone once handed out lives as long as the cache.
    auto zone = load_time_zone(name.empty() ? "UTC" : name);
    if (!zone) {
        return nullptr;
    }
    return zones_.emplace(name, std::move(zone)).first->second.get();
}

} // namespace quiz::bot
