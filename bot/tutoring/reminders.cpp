// SPDX-License-Identifier: MIT
#include "bot/tutoring/reminders.hpp"

#include "bot/tutoring/reminder_payload.hpp"
#include "bot/tutoring/reminder_texts.hpp"
#include "engine/reminders/reminder_claims.hpp"

#include <spdlog/logger.h>

#include <algorithm>
#include <atomic>
#include <optional>

namespace quiz::bot::tutoring {

struct reminders::round {
    done_list dones;
    engine::instant claimed_at;
    engine::reminder_claims claims;
    std::vector<reminder_message> messages;
    std::vector<engine::outbox_entry> entries; ///< messages[i]'s, held until settled
    std::optional<engine::instant> next_due;   ///< the next claim: a schedule's or an entry's
    std::atomic<std::size_t> open{0};
    std::mutex mutex;
    reminder_round_up totals;
};

namespace {

constexpr std::string_view skipped_outcome = "skipped";
constexpr std::string_view expired_outcome = "expired";

// The outbox's kind for reminders, and each learner's one entry: a newer reminder replaces one still waiting.
constexpr std::string_view outbox_kind = "reminder";
std::string outbox_key(engine::learner_id learner) { return "reminder:" + std::to_string(learner.value()); }

// A later try, after a claim whose deliveries all failed: doubling from 2 minutes, at most an hour apart.
engine::instant::duration retry_later(int claims_before)
{
    const auto wait = std::chrono::minutes{2} * (1LL << std::min(claims_before, 5));
    return std::min<engine::instant::duration>(wait, std::chrono::hours{1});
}

std::optional<engine::instant> earliest(std::optional<engine::instant> a, std::optional<engine::instant> b)
{
    if (!a || !b) {
        return a ? a : b;
    }
    return std::min(*a, *b);
}

// After a claim that failed (the database was busy or broken), when to try again.
constexpr std::chrono::minutes retry_claim_after{1};

std::string_view outcome_name(delivery d)
{
    switch (d) {
    case delivery::sent:
        return "sent";
    case delivery::refused:
        return "refused";
    case delivery::failed:
        return "failed";
    }
    return "failed";
}

} // namespace

reminders::reminders(reminders_parts parts) : p_(std::move(parts)), runner_(p_.queue, p_.log, p_.hand_over, {}) {}

void reminders::tick(std::function<void(const reminder_round_up&)> done)
{
    done_list mine;
    {
        const std::lock_guard lock(mutex_);
        if (done) {
            waiting_.push_back(std::move(done));
        }
        if (busy_) {
            again_ = true;
            return;
        }
        busy_ = true;
        mine.swap(waiting_);
    }
    run(std::move(mine));
}

engine::due_counter due_reviews(engine::tutor& tutor, std::vector<engine::pack_key> packs)
{
    return [&tutor, packs = std::move(packs)](engine::learner_id learner, engine::instant at) {
        int due = 0;
        for (const auto& pack : packs) {
            if (const auto stats = tutor.stats(learner, pack, at)) {
                due += stats->due_now;
            }
        }
        return due;
    };
}

void reminders::run(done_list dones)
{
    auto r = std::make_shared<round>();
    r->dones = std::move(dones);
    r->claimed_at = p_.clock();
    const bool queued = runner_.submit(
        "reminders",
        [this, r] {
            if (stopping_) {
                return;
            }
            claim(*r);
        },
        [r](bool failed) {
            if (failed) { // nothing was claimed: the same reminders are due again, in a minute
                r->claims = {};
                r->claims.next_due = r->claimed_at + retry_claim_after;
                r->next_due = r->claims.next_due;
                r->messages.clear();
                r->entries.clear();
                r->totals = {};
            }
        },
        [this, r] {
            for (std::size_t i = 0; i < r->claims.skipped.size(); ++i) {
                r->totals.skipped += r->claims.skipped.at(i);
            }
            if (p_.counted && r->totals.skipped > 0) {
                p_.counted(skipped_outcome, r->totals.skipped);
            }
            if (p_.counted && r->totals.expired > 0) {
                p_.counted(expired_outcome, r->totals.expired);
            }
            r->open = r->messages.size();
            if (r->messages.empty()) {
                finish(r);
                return;
            }
            // Spread over time at each platform's pace, so that no burst ever goes out.
            std::map<std::string, int, std::less<>> ahead;
            for (std::size_t i = 0; i < r->messages.size(); ++i) {
                const auto& platform = r->messages[i].who.platform;
                const int position = ahead[platform]++;
                if (position == 0) {
                    deliver(r, i, 1);
                    continue;
                }
                const auto wait =
                    std::chrono::milliseconds(static_cast<long long>(position * 1000.0 / per_second(platform)));
                p_.after(wait, [this, r, i] { deliver(r, i, 1); });
            }
        },
        true);
    if (!queued) { // stopping
        const std::lock_guard lock(mutex_);
        busy_ = false;
    }
}

void reminders::claim(round& r)
{
    // From scratch: a unit retried after a serialization failure runs this again.
    r.messages.clear();
    r.entries.clear();
    r.totals = {};
    r.claims =
        engine::claim_due_reminders(p_.book, p_.zones, due_reviews(p_.tutor, p_.packs), r.claimed_at, p_.pacing.batch);
    // Each decided reminder goes into the outbox in the transaction that decided it; then this round delivers what
    // the outbox holds, those and any a delivery that failed or a node that died left behind.
    for (const auto& c : r.claims.to_send) {
        const auto stored = p_.identities.language_of(c.learner);
        const auto lang = stored ? stored->lang : engine::language::en;
        const reminder_message message{c.learner,
                                       c.who,
                                       lang,
                                       reminder_text(c.due, c.minutes, c.ignored, c.pace, lang),
                                       reminder_start_label(lang),
                                       reminder_unsubscribe_label(lang)};
        p_.outbox.put(outbox_kind, outbox_key(c.learner), c.learner, encode_reminder(message), r.claimed_at,
                      r.claimed_at + p_.pacing.valid_for);
    }
    auto held = p_.outbox.claim(outbox_kind, r.claimed_at, r.claimed_at + p_.pacing.lease, p_.pacing.batch);
    const bool full = held.size() == p_.pacing.batch;
    for (auto& entry : held) {
        auto message = decode_reminder(entry.payload);
        if (!message || entry.expires <= r.claimed_at) {
            if (!message) {
                p_.log.error("reminder in the outbox is unreadable, dropped id={}", entry.id.value());
            }
            ++r.totals.expired;
            p_.outbox.settle(entry.id, entry.version, r.claimed_at);
            continue;
        }
        r.messages.push_back(std::move(*message));
        r.entries.push_back(std::move(entry));
    }
    r.claims.more = r.claims.more || full;
    r.next_due = earliest(r.claims.next_due, p_.outbox.next_due(outbox_kind));
}

double reminders::per_second(std::string_view platform) const
{
    const auto rate = p_.pacing.per_second.find(platform);
    return rate == p_.pacing.per_second.end() || rate->second <= 0 ? 1.0 : rate->second;
}

void reminders::deliver(std::shared_ptr<round> r, std::size_t index, int attempt)
{
    const auto& message = r->messages[index];
    const auto sender = p_.senders.find(message.who.platform);
    if (sender == p_.senders.end()) {
        p_.log.warn("reminder has no sender platform={} learner={}", message.who.platform, message.learner.value());
        settle(r, index, delivery::failed);
        return;
    }
    sender->second(message, [this, r, index, attempt](delivery outcome) {
        if (outcome == delivery::failed && attempt < p_.pacing.max_attempts) {
            const auto wait = p_.pacing.retry_after * (1 << (attempt - 1));
            p_.after(wait, [this, r, index, attempt] { deliver(r, index, attempt + 1); });
            return;
        }
        settle(r, index, outcome);
    });
}

void reminders::settle(const std::shared_ptr<round>& r, std::size_t index, delivery outcome)
{
    const auto& message = r->messages[index];
    if (p_.counted) {
        p_.counted(outcome_name(outcome), 1);
    }
    {
        const std::lock_guard lock(r->mutex);
        switch (outcome) {
        case delivery::sent:
            ++r->totals.sent;
            break;
        case delivery::refused:
            ++r->totals.refused;
            break;
        case delivery::failed:
            ++r->totals.failed;
            break;
        }
    }
    const auto finish_one = [this, r] {
        if (r->open.fetch_sub(1) == 1) {
            finish(r);
        }
    };
    const auto learner = message.learner;
    if (outcome == delivery::refused) {
        p_.log.info("reminder refused, reminders turned off platform={} learner={}", message.who.platform,
                    learner.value());
    } else {
        p_.log.info("reminder {} platform={} learner={}", outcome_name(outcome), message.who.platform, learner.value());
    }
    // Settled in the outbox only now: a node that dies before this leaves the entry to be sent again once its
    // lease ends (at least once). One that failed is tried again later, until it expires.
    const auto entry = r->entries[index];
    const bool queued = runner_.submit(
        "reminders",
        [this, entry, outcome, learner] {
            const auto now = p_.clock();
            if (outcome == delivery::failed) {
                p_.outbox.retry_at(entry.id, now + retry_later(entry.attempts));
                return;
            }
            p_.outbox.settle(entry.id, entry.version, now);
            if (outcome == delivery::refused) { // they are told the next time they come
                auto schedule = p_.book.find(learner);
                if (schedule.enabled) {
                    p_.book.save(learner, engine::turn_reminders_off(schedule, true));
                }
            }
        },
        [](bool) {}, finish_one, true);
    if (!queued) {
        finish_one();
    }
}

void reminders::finish(const std::shared_ptr<round>& r)
{
    for (const auto& done : r->dones) {
        done(r->totals);
    }
    // The next claim: at once when more were due, paced so that this batch's deliveries stay under each
    // platform's rate; else when the earliest reminder to come falls due.
    if (r->claims.more) {
        std::map<std::string, int, std::less<>> per_platform;
        for (const auto& m : r->messages) {
            ++per_platform[m.who.platform];
        }
        double seconds = 0;
        for (const auto& [platform, count] : per_platform) {
            seconds = std::max(seconds, count / per_second(platform));
        }
        p_.wake_at(r->claimed_at + std::chrono::milliseconds(static_cast<long long>(seconds * 1000)));
    } else if (r->next_due) {
        p_.wake_at(*r->next_due);
    }
    done_list next;
    {
        const std::lock_guard lock(mutex_);
        if (!again_ && waiting_.empty()) {
            busy_ = false;
            return;
        }
        again_ = false;
        next.swap(waiting_);
    }
    run(std::move(next));
}

} // namespace quiz::bot::tutoring
