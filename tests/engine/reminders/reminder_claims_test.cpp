// SPDX-License-Identifier: MIT
// Claiming due reminders on an in-memory reminder_book: what is sent, what is skipped and why, how schedules move
// on, and that a day already recorded is never sent again.
#include "engine/reminders/reminder_claims.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <set>

namespace reminders_reminder_claims_test {

namespace {

using namespace std::chrono;
using quiz::engine::instant;
using quiz::engine::learner_id;
using quiz::engine::reminder_schedule;
using quiz::engine::reminder_verdict;

/// UTC all year.
class utc_zone final : public quiz::engine::zone_rules {
public:
    [[nodiscard]] quiz::engine::local_time local(instant at) const override
    {
        const auto day = floor<days>(at);
        return {year_month_day{day}, floor<minutes>(at - day)};
    }
    [[nodiscard]] instant at(year_month_day day, minutes time_of_day) const override
    {
        return instant{sys_days{day}} + time_of_day;
    }
};

class one_zone final : public quiz::engine::zone_directory {
public:
    [[nodiscard]] const quiz::engine::zone_rules* find(const std::string& name) const override
    {
        return name == "UTC" || name.empty() ? &zone : nullptr;
    }
    utc_zone zone;
};

class memory_book final : public quiz::engine::reminder_book {
public:
    std::map<learner_id, reminder_schedule> schedules;
    std::map<learner_id, instant> answers;
    std::map<learner_id, instant> sessions;
    std::set<std::pair<learner_id, year_month_day>> sent;

    reminder_schedule find(learner_id learner) override
    {
        const auto it = schedules.find(learner);
        return it == schedules.end() ? reminder_schedule{} : it->second;
    }
    void save(learner_id learner, const reminder_schedule& schedule) override { schedules[learner] = schedule; }
    std::vector<quiz::engine::due_reminder> due(instant now, std::size_t limit) override
    {
        std::vector<quiz::engine::due_reminder> out;
        for (const auto& [learner, s] : schedules) {
            if (s.enabled && s.next_at && *s.next_at <= now) {
                out.push_back({learner, {"discord", std::to_string(learner.value())}, s});
            }
        }
        std::ranges::sort(out, {}, [](const auto& d) { return *d.schedule.next_at; });
        if (out.size() > limit) {
            out.resize(limit);
        }
        return out;
    }
    std::optional<instant> next_due() override
    {
        std::optional<instant> out;
        for (const auto& [learner, s] : schedules) {
            if (s.enabled && s.next_at && (!out || *s.next_at < *out)) {
                out = s.next_at;
            }
        }
        return out;
    }
    bool record_sent(learner_id learner, year_month_day day, int, instant) override
    {
        return sent.insert({learner, day}).second;
    }
    std::optional<instant> last_answer(learner_id learner) override
    {
        const auto it = answers.find(learner);
        return it == answers.end() ? std::nullopt : std::optional(it->second);
    }
    std::optional<instant> session_started(learner_id learner) override
    {
        const auto it = sessions.find(learner);
        return it == sessions.end() ? std::nullopt : std::optional(it->second);
    }
};

instant at(unsigned day, int hh, int mm = 0)
{
    return instant{sys_days{year{2026} / March / std::chrono::day{day}}} + hours{hh} + minutes{mm};
}

const learner_id ann{1};
const learner_id bob{2};
const learner_id cid{3};

} // namespace

TEST_CASE("claiming sends to the due, skips the rest by reason, and moves every schedule to its next day")
{
    memory_book book;
    const one_zone zones;
    const quiz::engine::reminder_setting evening{18h, true};
    for (const auto who : {ann, bob, cid}) {
        book.schedules[who] = quiz::engine::turn_reminders_on({}, evening, "UTC", zones.zone, at(2, 9));
    }
    CHECK(*book.schedules[ann].next_at == at(2, 18));
    book.answers[bob] = at(2, 10); // reviewed today
    const std::map<learner_id, int> due{{ann, 3}, {bob, 2}, {cid, 0}};
    const quiz::engine::due_counter count = [&due](learner_id who, instant) { return due.at(who); };

    CHECK(quiz::engine::claim_due_reminders(book, zones, count, at(2, 17, 59), 10).to_send.empty());
    const auto claims = quiz::engine::claim_due_reminders(book, zones, count, at(2, 18), 10);
    REQUIRE(claims.to_send.size() == 1);
    CHECK(claims.to_send[0].learner == ann);
    CHECK(claims.to_send[0].due == 3);
    CHECK(claims.to_send[0].minutes == 2);
    CHECK(claims.skipped[static_cast<std::size_t>(reminder_verdict::skip_reviewed)] == 1);
    CHECK(claims.skipped[static_cast<std::size_t>(reminder_verdict::skip_nothing_due)] == 1);
    CHECK_FALSE(claims.more);
    CHECK(claims.next_due == at(3, 18));
    for (const auto who : {ann, bob, cid}) {
        CHECK(*book.schedules[who].next_at == at(3, 18));
    }
    CHECK(book.schedules[ann].last_sent == at(2, 18));
    CHECK(book.sent.size() == 1);
    // Claimed again at once: nothing is due any more.
    CHECK(quiz::engine::claim_due_reminders(book, zones, count, at(2, 18), 10).to_send.empty());
}

TEST_CASE("a day already recorded is not sent again, and a batch says when more are due")
{
    memory_book book;
    const one_zone zones;
    for (const auto who : {ann, bob, cid}) {
        book.schedules[who] = quiz::engine::turn_reminders_on({}, {18h, true}, "UTC", zones.zone, at(2, 9));
    }
    book.sent.insert({bob, year{2026} / March / 2}); // another server sent Bob's already
    const quiz::engine::due_counter count = [](learner_id, instant) { return 1; };
    const auto first = quiz::engine::claim_due_reminders(book, zones, count, at(2, 18), 2);
    CHECK(first.more);
    CHECK(first.next_due == at(2, 18)); // the third is still due
    const auto second = quiz::engine::claim_due_reminders(book, zones, count, at(2, 18), 2);
    CHECK_FALSE(second.more);
    std::set<learner_id> sent;
    for (const auto& claims : {first, second}) {
        for (const auto& r : claims.to_send) {
            sent.insert(r.learner);
        }
    }
    CHECK(sent == std::set<learner_id>{ann, cid});
}

TEST_CASE("ignored reminders slow the pace, a late one is skipped, a zone no longer known is UTC")
{
    memory_book book;
    const one_zone zones;
    const quiz::engine::due_counter count = [](learner_id, instant) { return 1; };
    auto schedule = quiz::engine::turn_reminders_on({}, {18h, true}, "Atlantis/Nowhere", zones.zone, at(1, 9));
    schedule.ignored_in_a_row = 2; // two reminders were ignored before the last one, itself unanswered
    schedule.last_sent = at(1, 18) - days{1};
    schedule.last_sent_day = year{2026} / February / 28;
    book.schedules[ann] = schedule;
    const auto claims = quiz::engine::claim_due_reminders(book, zones, count, at(1, 18), 10);
    REQUIRE(claims.to_send.size() == 1);
    CHECK(claims.to_send[0].ignored == 3);
    CHECK(claims.to_send[0].pace == quiz::engine::reminder_pace::every_other_day);
    CHECK(*book.schedules[ann].next_at == at(3, 18)); // two days on

    // The server was down over the next one: 4 hours late, skipped, planned for the next evening.
    const auto late = quiz::engine::claim_due_reminders(book, zones, count, at(3, 22), 10);
    CHECK(late.to_send.empty());
    CHECK(late.skipped[static_cast<std::size_t>(reminder_verdict::skip_late)] == 1);
    CHECK(*book.schedules[ann].next_at == at(4, 18));

    // Turned off: never claimed.
    book.schedules[ann] = quiz::engine::turn_reminders_off(book.schedules[ann]);
    CHECK(quiz::engine::claim_due_reminders(book, zones, count, at(9, 18), 10).to_send.empty());
    CHECK_FALSE(book.next_due());
}

} // namespace reminders_reminder_claims_test
