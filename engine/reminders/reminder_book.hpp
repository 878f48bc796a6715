// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/identity_ports.hpp"
#include "engine/reminders/reminder_plan.hpp"

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace quiz::engine {

/// A learner's reminders by DM: their choice and where the schedule stands.
struct reminder_schedule {
    bool enabled = false;
    reminder_setting setting;
    std::string zone;               ///< IANA name; "" = UTC
    std::optional<instant> next_at; ///< when the next one falls due; set while enabled
    std::optional<instant> last_sent;
    std::optional<std::chrono::year_month_day> last_sent_day; ///< its local day
    int ignored_in_a_row = 0;                                 ///< as of the last one sent
    /// The platform refused to deliver (Discord 50007): reminders were turned off, which the learner is told the
    /// next time they use the bot.
    bool refused = false;
    friend bool operator==(const reminder_schedule&, const reminder_schedule&) = default;
};

/// A learner whose reminder has fallen due.
struct due_reminder {
    learner_id learner;
    platform_identity who;
    reminder_schedule schedule;
};

/// Learners' reminder schedules, inside the caller's transaction (the action queue's unit), like the identity
/// directory. Storage implements it; nothing here is sent.
class reminder_book {
public:
    virtual ~reminder_book() = default;
    /// The learner's schedule; a default (disabled) one when they never set reminders.
    [[nodiscard]] virtual reminder_schedule find(learner_id learner) = 0;
    virtual void save(learner_id learner, const reminder_schedule& schedule) = 0;
    /// Enabled schedules whose next_at is at or before `now`, earliest first, at most `limit`.
    [[nodiscard]] virtual std::vector<due_reminder> due(instant now, std::size_t limit) = 0;
    /// The earliest next_at of all enabled schedules.
    [[nodiscard]] virtual std::optional<instant> next_due() = 0;
    /// Records a reminder as sent on the learner's local `day`; false when one was already recorded for that day
    /// (a second server or a replayed claim): then it must not be sent.
    virtual bool record_sent(learner_id learner, std::chrono::year_month_day day, int due_count, instant at) = 0;
    /// The learner's latest answer anywhere.
    [[nodiscard]] virtual std::optional<instant> last_answer(learner_id learner) = 0;
    /// When the learner's session under way started, if one is.
    [[nodiscard]] virtual std::optional<instant> session_started(learner_id learner) = 0;
};

/// Looks up time zones by IANA name (the bot reads the system's database).
class zone_directory {
public:
    virtual ~zone_directory() = default;
    /// The zone, or null when `name` is not one. "" is UTC.
    [[nodiscard]] virtual const zone_rules* find(const std::string& name) const = 0;
};

} // namespace quiz::engine
