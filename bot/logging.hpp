// SPDX-License-Identifier: MIT
#pragma once

#include <spdlog/fwd.h>

#include <memory>
#include <string>
#include <string_view>

namespace quiz::bot {

/// plain: `2024-05-01T12:00:00.123Z info request method=GET ...`; json: one object per line, with each
/// `key=value` of the message as a field.
enum class log_format { plain, json };

/// A logger writing through `sink`, unregistered (nothing reaches it through spdlog's globals).
/// Messages are an event word followed by `key=value` fields; values with spaces go through log_quote().
[[nodiscard]] std::shared_ptr<spdlog::logger> make_logger(log_format format, std::shared_ptr<spdlog::sinks::sink> sink);
/// The same, writing to standard error.
[[nodiscard]] std::shared_ptr<spdlog::logger> make_stderr_logger(log_format format);

/// `"text"` with `"` and `\` escaped and control characters turned into spaces: a log field value that may hold
/// spaces (an error message).
[[nodiscard]] std::string log_quote(std::string_view text);

} // namespace quiz::bot
