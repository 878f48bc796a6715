// SPDX-License-Identifier: MIT
#pragma once

#include "bot/tutoring/class_report_screen.hpp"

#include <boost/json/object.hpp>

namespace quiz::bot::slack {

/// `/quiz report`'s answer in Block Kit: the title, the summary, a button opening the dashboard and the note that the
/// link is the instructor's own; or the notice. Sent ephemeral.
[[nodiscard]] boost::json::object report_message(const tutoring::report_screen& shown);

} // namespace quiz::bot::slack
