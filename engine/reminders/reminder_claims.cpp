// SPDX-License-Identifier: MIT
#include "engine/reminders/reminder_claims.hpp"

namespace quiz::engine {

namespace {

// A minute past `now`: the next reminder after one decided at its own time is tomorrow's, never the same instant.
constexpr std::chrono::minutes step_past{1};

class utc_rules final : public zone_rules {
public:
    [[nodiscard]] local_time local(instant at) const override
    {
        const auto day = std::chrono::floor<std::chrono::days>(at);
        return {std::chrono::year_month_day{day}, std::chrono::floor<std::chrono::minutes>(at - day)};
    }
    [[nodiscard]] instant at(std::chrono::year_month_day day, std::chrono::minutes time_of_day) const override
    {
        return std::chrono::sys_days{day} + time_of_day;
    }
};

const zone_rules& zone_or_utc(const zone_directory& zones, const std::string& name)
{
    static const utc_rules utc;
    const auto* found = name.empty() ? nullptr : zones.find(name);
    return found != nullptr ? *found : utc;
}

} // namespace

reminder_schedule turn_reminders_on(reminder_schedule schedule, const reminder_setting& setting,
                                    const std::string& zone_name, const zone_rules& zone, instant now,
                                    const reminder_options& options)
{
    schedule.enabled = true;
    schedule.refused = false;
    schedule.setting = setting;
    schedule.zone = zone_name;
    schedule.next_at = next_reminder(setting, schedule.last_sent_day, schedule.ignored_in_a_row, zone, now, options);
    return schedule;
}

reminder_schedule turn_reminders_off(reminder_schedule schedule, bool refused)
{
    schedule.enabled = false;
    schedule.next_at.reset();
    schedule.refused = refused;
    return schedule;
}

reminder_decision decide_reminder(const reminder_schedule& schedule, const reminder_facts& facts,
                                  const zone_rules& zone, const reminder_options& options)
{
    reminder_decision d;
    d.after = schedule;
    d.verdict = judge_reminder(schedule.setting, facts, zone, options);
    d.ignored = ignored_in_a_row(schedule.ignored_in_a_row, schedule.last_sent, facts.last_answer);
    d.pace = pace_after(d.ignored, options);
    if (d.verdict != reminder_verdict::send) {
        d.after.next_at =
            next_reminder(schedule.setting, schedule.last_sent_day, d.ignored, zone, facts.now + step_past, options);
        return d;
    }
    d.due = facts.due_soon;
    d.minutes = review_minutes(facts.due_soon, options);
    d.after.last_sent = facts.now;
    d.after.last_sent_day = zone.local(facts.now).day;
    d.after.ignored_in_a_row = d.ignored;
    d.after.next_at =
        next_reminder(schedule.setting, d.after.last_sent_day, d.ignored, zone, facts.now + step_past, options);
    return d;
}

reminder_claims claim_due_reminders(reminder_book& book, const zone_directory& zones, const due_counter& due_count,
                                    instant now, std::size_t limit, const reminder_options& options)
{
    reminder_claims out;
    auto due = book.due(now, limit + 1);
    out.more = due.size() > limit;
    if (out.more) {
        due.pop_back();
    }
    for (const auto& d : due) {
        const auto& zone = zone_or_utc(zones, d.schedule.zone);
        reminder_facts facts;
        facts.scheduled = d.schedule.next_at.value_or(now);
        facts.now = now;
        facts.due_soon = due_count(d.learner, now + options.due_ahead);
        facts.last_answer = book.last_answer(d.learner);
        const auto started = book.session_started(d.learner);
        facts.in_session = started && (now - *started < session_counts_for ||
                                       (facts.last_answer && now - *facts.last_answer < session_counts_for));
        auto decision = decide_reminder(d.schedule, facts, zone, options);
        if (decision.verdict == reminder_verdict::send &&
            !book.record_sent(d.learner, *decision.after.last_sent_day, decision.due, now)) {
            decision.verdict = reminder_verdict::skip_reviewed; // already sent on that day by someone else
        }
        book.save(d.learner, decision.after);
        if (decision.verdict == reminder_verdict::send) {
            out.to_send.push_back(
                {d.learner, d.who, decision.due, decision.minutes, decision.ignored, decision.pace, facts.scheduled});
        } else {
            ++out.skipped.at(static_cast<std::size_t>(decision.verdict));
        }
    }
    out.next_due = book.next_due();
    return out;
}

} // namespace quiz::engine
