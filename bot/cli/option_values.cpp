// SPDX-License-Identifier: MIT
#include "bot/cli/option_values.hpp"

#include "bot/time_text.hpp"

#include <chrono>
#include <cstdlib>

namespace quiz::bot::cli {

std::optional<engine::instant> instant_option(const args& parsed, std::string_view name)
{
    const auto text = parsed.value(name);
    if (!text) {
        return std::nullopt;
    }
    const auto given = parse_iso8601(*text);
    if (!given) {
        throw usage_error("--" + std::string(name) +
                          ": expected an ISO-8601 date-time with an offset, such as 2026-03-01T09:00:00Z");
    }
    return std::chrono::time_point_cast<std::chrono::milliseconds>(*given);
}

std::string option_or_env(const args& parsed, std::string_view option, const char* env, std::string fallback)
{
    if (auto given = parsed.value(option)) {
        if (given->empty()) {
            throw usage_error("--" + std::string(option) + " needs a value");
        }
        return *given;
    }
    if (const char* from_env = std::getenv(env); from_env != nullptr && *from_env != '\0') {
        return from_env;
    }
    return fallback;
}

} // namespace quiz::bot::cli
