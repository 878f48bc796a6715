// SPDX-License-Identifier: MIT
#pragma once

#include "engine/reminders/reminder_book.hpp"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

namespace quiz::bot {

/// Whether `name` can be an IANA time zone name ("Europe/Paris", "America/Argentina/Buenos_Aires", "UTC"): letters,
/// digits, '_', '-', '+' and '/' between them, at most 64 characters, no "..", and none of the library's own names
/// ("localtime" would be the server's zone, "Fixed/..." no place at all).
[[nodiscard]] bool plausible_zone_name(std::string_view name) noexcept;

/// The zone `name` from the system's IANA database (Debian's tzdata, read by cctz), or null when `name` is not one.
[[nodiscard]] std::unique_ptr<engine::zone_rules> load_time_zone(std::string_view name);

/// The engine's zone_directory on the system's database: each zone is loaded once and kept. Thread-safe.
class time_zone_cache final : public engine::zone_directory {
public:
    [[nodiscard]] const engine::zone_rules* find(const std::string& name) const override;

private:
    mutable std::mutex mutex_;
    mutable std::map<std::string, std::unique_ptr<engine::zone_rules>, std::less<>> zones_;
};

} // namespace quiz::bot
