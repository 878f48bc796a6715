// SPDX-License-Identifier: MIT
#include "bot/tutoring/outbox_sender.hpp"

#include <algorithm>
#include <memory>
#include <utility>

namespace quiz::bot::tutoring {

namespace {

/// What the metric calls an entry that ended.
std::string_view ended_as(delivery d) { return d == delivery::sent ? "delivered" : "refused"; }

/// An entry taken at a look, with the claims before it.
struct taken_entry {
    held_letter letter;
    int attempts = 0;
};

} // namespace

outbox_sender::outbox_sender(outbox_sender_parts parts)
    : p_(std::move(parts)), runner_(p_.queue, p_.log, p_.hand_over, {})
{
}

void outbox_sender::add_sender(std::string kind, payload_sender send, std::chrono::milliseconds spacing)
{
    if (spacing > std::chrono::milliseconds::zero()) {
        spacing_[kind] = spacing;
    }
    senders_[std::move(kind)] = std::move(send);
}

std::optional<held_letter> outbox_sender::write(const letter& l, engine::instant now)
{
    const auto expires = now + l.valid_for;
    if (const auto spaced = spacing_.find(l.kind); spaced != spacing_.end()) {
        bool sent_a_moment_ago = false;
        {
            const std::scoped_lock lock(mutex_);
            const auto last = recent_.find(l.key);
            sent_a_moment_ago = last != recent_.end() && now < last->second + spaced->second;
        }
        // Never a statement under mutex_: on PostgreSQL it can wait for a row a look's unit holds while that unit
        // waits for mutex_.
        if (sent_a_moment_ago) {
            // This state waits for the next look, and any newer one replaces it meanwhile.
            p_.outbox.put(l.kind, l.key, std::nullopt, l.payload, now, expires);
            return std::nullopt;
        }
    }
    const auto ticket = p_.outbox.put_held(l.kind, l.key, std::nullopt, l.payload, now, expires, now + p_.pacing.lease);
    if (!ticket) {
        return std::nullopt;
    }
    if (spacing_.contains(l.kind)) {
        const std::scoped_lock lock(mutex_);
        if (recent_.size() >= 10'000) {
            std::erase_if(recent_, [now](const auto& k) { return k.second + std::chrono::minutes{1} < now; });
        }
        recent_[l.key] = now;
    }
    return held_letter{l.kind, *ticket, l.payload, expires};
}

void outbox_sender::send_held(held_letter h) { send(std::move(h), 0); }

void outbox_sender::send_unrecorded(const letter& l)
{
    const auto it = senders_.find(l.kind);
    if (it != senders_.end()) {
        it->second(l.payload, [](delivery) {});
    }
}

void outbox_sender::send(held_letter h, int attempts)
{
    {
        const std::scoped_lock lock(mutex_);
        unsettled_[h.ticket.id.value()] = h.ticket.version;
    }
    const auto it = senders_.find(h.kind);
    if (it == senders_.end() || p_.clock() >= h.expires) {
        // Past its validity (a response_url a platform would refuse), or a kind this node cannot send (its
        // credentials were removed): dropped, counted expired.
        finished({std::move(h), attempts, delivery::failed, true});
        return;
    }
    auto shared = std::make_shared<held_letter>(std::move(h));
    it->second(shared->payload, [this, shared, attempts](delivery d) {
        finished({std::move(*shared), attempts, d, false});
    });
}

void outbox_sender::finished(outcome o)
{
    {
        const std::scoped_lock lock(mutex_);
        to_settle_.push_back(std::move(o));
        if (flushing_) {
            return; // the flush under way takes it, or the one after
        }
        flushing_ = true;
    }
    flush();
}

std::chrono::milliseconds outbox_sender::retry_delay(int attempts) const
{
    auto delay = p_.pacing.retry_first;
    for (int i = 0; i < attempts && delay < p_.pacing.retry_most; ++i) {
        delay *= 2;
    }
    return std::min(delay, p_.pacing.retry_most);
}

void outbox_sender::flush()
{
    // Every outcome gathered until the unit runs is settled in it: one transaction for many under load.
    auto settled = std::make_shared<std::vector<std::pair<std::string, std::string_view>>>();
    auto batch = std::make_shared<std::vector<outcome>>();
    const auto now = p_.clock();
    const bool queued = runner_.submit(
        "outbox",
        [this, settled, batch, now] {
            {
                const std::scoped_lock lock(mutex_);
                batch->swap(to_settle_);
            }
            for (auto& o : *batch) {
                const auto& t = o.sent.ticket;
                std::string_view as = o.expired ? "expired" : ended_as(o.result);
                if (!o.expired && o.result == delivery::failed) {
                    const auto next = now + retry_delay(o.attempts);
                    if (next < o.sent.expires) {
                        p_.outbox.retry_at(t.id, next);
                        settled->emplace_back(o.sent.kind, "retried");
                        continue;
                    }
                    as = "expired";
                }
                p_.outbox.settle(t.id, t.version, now);
                settled->emplace_back(o.sent.kind, as);
            }
        },
        [settled](bool failed) {
            if (failed) {
                settled->clear(); // rolled back: the entries stay leased and are taken again once their lease ends
            }
        },
        [this, settled, batch] {
            if (p_.counted) {
                for (const auto& [kind, as] : *settled) {
                    p_.counted(kind, as);
                }
            }
            {
                const std::scoped_lock lock(mutex_);
                // Settled (or, rolled back, leased until another look takes them): this node's no more.
                for (const auto& o : *batch) {
                    const auto& t = o.sent.ticket;
                    if (const auto it = unsettled_.find(t.id.value());
                        it != unsettled_.end() && it->second == t.version) {
                        unsettled_.erase(it); // a newer version this node took since is still its own
                    }
                }
                if (to_settle_.empty()) {
                    flushing_ = false;
                    return;
                }
            }
            flush();
        },
        true);
    if (!queued) {
        const std::scoped_lock lock(mutex_);
        flushing_ = false; // stopping: what is unsettled is sent again after the restart
    }
}

void outbox_sender::start() { look(); }

void outbox_sender::look()
{
    {
        const std::scoped_lock lock(mutex_);
        if (looking_ || stopping_) {
            return;
        }
        looking_ = true;
    }
    auto taken = std::make_shared<std::vector<taken_entry>>();
    auto waiting = std::make_shared<std::int64_t>(0);
    auto full = std::make_shared<bool>(false);
    const auto now = p_.clock();
    const bool queued = runner_.submit(
        "outbox",
        [this, taken, waiting, full, now] {
            for (const auto& [kind, send] : senders_) {
                auto entries = p_.outbox.claim(kind, now, now + p_.pacing.lease, p_.pacing.batch);
                *full = *full || entries.size() >= p_.pacing.batch;
                std::vector<engine::outbox_id> after_settle;
                {
                    const std::scoped_lock lock(mutex_);
                    for (auto& e : entries) {
                        // Decided here, in the unit: the settle of this node's send is a later unit, and only its
                        // completion forgets the id, possibly after this look's unit.
                        const auto mine = unsettled_.find(e.id.value());
                        if (mine == unsettled_.end()) {
                            taken->push_back({{kind, {e.id, e.version}, std::move(e.payload), e.expires}, e.attempts});
                        } else if (mine->second != e.version) {
                            // A newer state than the one this node sends or settles (whose settle made it due): sent
                            // now it could overtake that one, and kept leased it would wait out the lease.
                            after_settle.push_back(e.id);
                        }
                        // Otherwise the version this node still sends (a platform slower than the lease): that send
                        // settles it, and sent again it would arrive twice.
                    }
                }
                for (const auto id : after_settle) {
                    p_.outbox.retry_at(id, now); // due again: it goes out at a look once the older one is settled
                }
                *waiting += p_.outbox.pending(kind);
            }
        },
        [taken, full](bool failed) {
            if (failed) {
                taken->clear(); // rolled back: nothing was taken
                *full = false;
            }
        },
        [this, taken, waiting, full] {
            backlog_ = *waiting;
            if (p_.looked) {
                p_.looked(*waiting);
            }
            for (auto& t : *taken) {
                send(std::move(t.letter), t.attempts);
            }
            {
                const std::scoped_lock lock(mutex_);
                looking_ = false;
            }
            if (*full) {
                look(); // more are due: at once
            } else {
                look_later();
            }
        },
        true);
    if (!queued) {
        const std::scoped_lock lock(mutex_);
        looking_ = false;
    }
}

void outbox_sender::look_later()
{
    if (p_.after && !stopping_) {
        p_.after(p_.pacing.look_every, [this] { look(); });
    }
}

} // namespace quiz::bot::tutoring
