// SPDX-License-Identifier: MIT
#pragma once

#include "engine/reminders/reminder_book.hpp"

#include <array>
#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace quiz::engine {

// Turning reminders on and off, and claiming the ones that have fallen due: what the scheduler does in one
// transaction, on the reminder_book port. A reminder claimed here is recorded as sent before anything is sent, so
// that a crash or a second thread never sends it twice.

/// The schedule once the learner turns reminders on with `setting` in `zone_name` (`zone` its rules), at `now`.
[[nodiscard]] reminder_schedule turn_reminders_on(reminder_schedule schedule, const reminder_setting& setting,
                                                  const std::string& zone_name, const zone_rules& zone, instant now,
                                                  const reminder_options& options = {});

/// The schedule once reminders are off (by the learner, or because the platform refused them: `refused`).
[[nodiscard]] reminder_schedule turn_reminders_off(reminder_schedule schedule, bool refused = false);

/// What becomes of one due schedule.
struct reminder_decision {
    reminder_verdict verdict = reminder_verdict::send;
    reminder_schedule after;                   ///< the schedule to store: its next_at moved on
    int due = 0;                               ///< reviews due (within the hour)
    int minutes = 0;                           ///< about how long they take
    int ignored = 0;                           ///< ignored reminders in a row before this one
    reminder_pace pace = reminder_pace::daily; ///< how often they come from now on
};

/// Decides one due schedule (pure: the facts were read for it).
[[nodiscard]] reminder_decision decide_reminder(const reminder_schedule& schedule, const reminder_facts& facts,
                                                const zone_rules& zone, const reminder_options& options = {});

/// A reminder claimed for sending.
struct claimed_reminder {
    learner_id learner;
    platform_identity who;
    int due = 0;
    int minutes = 0;
    int ignored = 0;
    reminder_pace pace = reminder_pace::daily;
    instant scheduled; ///< when it was due
};

/// What one claim did.
struct reminder_claims {
    std::vector<claimed_reminder> to_send;
    /// Reminders skipped, by verdict (index: reminder_verdict; send stays 0).
    std::array<int, 6> skipped{};
    /// The earliest reminder still to come after the claim.
    std::optional<instant> next_due;
    /// More were due than `limit`: claim again at once.
    bool more = false;
};

/// A session under way counts as studying for this long after it started (reminder_facts::in_session).
inline constexpr std::chrono::minutes session_counts_for{45};

/// The reviews a learner has due at an instant, as the tutor counts them (what a review session would ask).
using due_counter = std::function<int(learner_id, instant)>;

/// Claims up to `limit` due reminders at `now` in `book`'s transaction: each is decided, its schedule moved on,
/// and those to send recorded as sent. Zones unknown to `zones` (a name the database no longer has) are UTC.
[[nodiscard]] reminder_claims claim_due_reminders(reminder_book& book, const zone_directory& zones,
                                                  const due_counter& due_count, instant now, std::size_t limit,
                                                  const reminder_options& options = {});

} // namespace quiz::engine
