// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/tutor_ids.hpp"

#include <chrono>
#include <optional>

namespace quiz::engine {

// When a learner's reminder by DM falls and whether it goes when it does (docs/reminders.md): at the hour they
// chose in their own time zone, at most once a local day, never in quiet hours unless they chose that hour, less
// often when they ignore it, and never as a burst after downtime. Time zones are a port: the engine does not read
// the IANA database.

/// A wall clock in one time zone, to the minute.
struct local_time {
    std::chrono::year_month_day day;
    std::chrono::minutes time_of_day{0};
    friend bool operator==(const local_time&, const local_time&) = default;
};

/// A time zone's rules. bot/zones implements it with the IANA database.
class zone_rules {
public:
    virtual ~zone_rules() = default;
    /// What a wall clock in the zone shows at `at`.
    [[nodiscard]] virtual local_time local(instant at) const = 0;
    /// When a wall clock in the zone shows `time_of_day` on `day`. A time that a change to summer time skips is the
    /// end of the gap (02:30 → 03:00); a time shown twice is its first showing.
    [[nodiscard]] virtual instant at(std::chrono::year_month_day day, std::chrono::minutes time_of_day) const = 0;
};

struct reminder_options {
    std::chrono::minutes quiet_from{22 * 60}; ///< quiet hours start, local
    std::chrono::minutes quiet_until{8 * 60}; ///< and end, local
    std::chrono::minutes late_limit{3 * 60};  ///< a reminder this late (downtime) is skipped, never sent late
    std::chrono::minutes due_ahead{60};       ///< reviews due within this count as due
    int ignored_before_every_other_day = 3;   ///< ignored reminders in a row before the pace slows
    int ignored_before_weekly = 6;
    std::chrono::seconds per_review{30}; ///< for "about N minutes"
};

/// The learner's choice.
struct reminder_setting {
    std::chrono::minutes time_of_day{18 * 60}; ///< local
    bool time_chosen = false;                  ///< named by the learner: quiet hours do not move it
    friend bool operator==(const reminder_setting&, const reminder_setting&) = default;
};

/// How often reminders go, after ignored ones.
enum class reminder_pace : unsigned char { daily, every_other_day, weekly };

[[nodiscard]] reminder_pace pace_after(int ignored_in_a_row, const reminder_options& options = {});

/// The time of day a reminder goes at: the learner's, or, when it was not theirs to choose and falls in quiet
/// hours, the end of quiet hours.
[[nodiscard]] std::chrono::minutes reminder_time(const reminder_setting& setting, const reminder_options& options = {});

/// Whether `time_of_day` is in quiet hours (which may span midnight).
[[nodiscard]] bool in_quiet_hours(std::chrono::minutes time_of_day, const reminder_options& options = {});

/// The next reminder: at reminder_time() on the first local day, from today on, that comes after `last_sent_day`
/// by the pace's gap (1, 2 or 7 days), and is not before `now`.
[[nodiscard]] instant next_reminder(const reminder_setting& setting,
                                    std::optional<std::chrono::year_month_day> last_sent_day, int ignored_in_a_row,
                                    const zone_rules& zone, instant now, const reminder_options& options = {});

/// Everything known when a reminder falls due.
struct reminder_facts {
    instant scheduled; ///< when it was to go
    instant now;
    int due_soon = 0;                   ///< reviews due now or within due_ahead
    std::optional<instant> last_answer; ///< the learner's latest answer, anywhere
    bool in_session = false;            ///< a session of theirs is under way
};

enum class reminder_verdict : unsigned char {
    send,
    skip_late,        ///< more than late_limit after its time (the server was down)
    skip_quiet,       ///< it would land in quiet hours the learner did not choose
    skip_reviewed,    ///< they answered today already (their local day)
    skip_in_session,  ///< they are studying now
    skip_nothing_due, ///< nothing due within due_ahead
};

[[nodiscard]] reminder_verdict judge_reminder(const reminder_setting& setting, const reminder_facts& facts,
                                              const zone_rules& zone, const reminder_options& options = {});

/// Ignored reminders in a row once the next one falls due: the last one counts as ignored unless the learner
/// answered after it went.
[[nodiscard]] int ignored_in_a_row(int before, std::optional<instant> last_sent, std::optional<instant> last_answer);

/// "About N minutes" for `due` reviews, at least 1.
[[nodiscard]] int review_minutes(int due, const reminder_options& options = {});

} // namespace quiz::engine
