// SPDX-License-Identifier: MIT
#pragma once

// Reminders by DM: a learner's schedule, quiet hours and pace (reminder_plan), the port that keeps them
// (reminder_book), and the claim of those due in one unit (reminder_claims), counting due reviews through a function
// the caller gives. docs/reminders.md. Depends on core only.

#include "engine/reminders/reminder_book.hpp"
#include "engine/reminders/reminder_claims.hpp"
#include "engine/reminders/reminder_plan.hpp"
