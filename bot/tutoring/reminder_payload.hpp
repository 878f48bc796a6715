// SPDX-License-Identifier: MIT
#pragma once

#include "bot/tutoring/reminders.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace quiz::bot::tutoring {

/// A reminder as the outbox keeps it between its claim and its delivery (JSON).
[[nodiscard]] std::string encode_reminder(const reminder_message& message);
/// nullopt when `payload` is not one encode_reminder wrote.
[[nodiscard]] std::optional<reminder_message> decode_reminder(std::string_view payload);

} // namespace quiz::bot::tutoring
