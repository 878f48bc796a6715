// SPDX-License-Identifier: MIT
#pragma once

#include "bot/cli/args.hpp"
#include "engine/core/tutor_ids.hpp"

#include <charconv>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

namespace quiz::bot::cli {

// Typed option values shared by the subcommands; a malformed value is a usage_error naming the option.

/// `--NAME N` within [low, high], or `fallback` when absent.
template <class Number>
Number number_option(const args& parsed, std::string_view name, Number fallback, Number low, Number high)
{
    const auto text = parsed.value(name);
    if (!text) {
        return fallback;
    }
    Number value{};
    const auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), value);
    if (text->empty() || error != std::errc{} || end != text->data() + text->size() || !(value >= low) ||
        !(value <= high)) {
        throw usage_error("--" + std::string(name) + " must be a number from " + std::to_string(low) + " to " +
                          std::to_string(high) + ", got '" + *text + "'");
    }
    return value;
}

/// `--NAME TIME`, an ISO-8601 date-time with an offset (2026-03-01T09:00:00Z), to the millisecond; nullopt when
/// absent.
[[nodiscard]] std::optional<engine::instant> instant_option(const args& parsed, std::string_view name);

/// `--OPTION VALUE`, else the environment variable `env`, else `fallback`; an empty VALUE is a usage_error.
[[nodiscard]] std::string option_or_env(const args& parsed, std::string_view option, const char* env,
                                        std::string fallback);

} // namespace quiz::bot::cli
