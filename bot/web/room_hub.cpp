// SPDX-License-Identifier: MIT
#include "bot/web/room_hub.hpp"

#include "bot/web/play_json.hpp"

#include <boost/json/serialize.hpp>

namespace quiz::bot::web {

room_hub::room_hub(later_fn later, std::chrono::milliseconds hold, std::size_t max_rooms, refresh_fn refresh,
                   std::chrono::milliseconds refresh_every)
    : later_(std::move(later)), hold_(hold), max_rooms_(max_rooms), refresh_(std::move(refresh)),
      refresh_every_(refresh_every)
{
}

void room_hub::poll_locked(engine::round_id round, room& r)
{
    if (!refresh_ || r.polling || r.ended) {
        return;
    }
    r.polling = true;
    later_(refresh_every_, [this, round] { polled(round); });
}

void room_hub::polled(engine::round_id round)
{
    {
        const std::lock_guard lock(mutex_);
        const auto it = rooms_.find(round);
        if (it == rooms_.end()) {
            return;
        }
        it->second.polling = false;
        if (it->second.waiting.empty() || it->second.ended) {
            return; // nobody is watching: the next wait starts polling again
        }
        poll_locked(round, it->second);
    }
    refresh_(round);
}

void room_hub::publish(const tutoring::round_screen& shown)
{
    std::vector<waiter> woken;
    std::string body = boost::json::serialize(round_json(shown));
    {
        const std::lock_guard lock(mutex_);
        auto& r = rooms_[shown.round];
        if (!r.body.empty() && shown.revision <= r.revision) {
            return; // an older change arriving late
        }
        r.code = shown.channel;
        r.revision = shown.revision;
        r.ended = shown.at == tutoring::round_screen::stage::ended;
        r.body = std::move(body);
        std::erase_if(r.waiting, [&](waiter& w) {
            if (w.after < r.revision) {
                woken.push_back(std::move(w));
                return true;
            }
            return false;
        });
        body = r.body;
        if (rooms_.size() > max_rooms_) {
            evict_ended_locked();
        }
    }
    for (const auto& w : woken) {
        w.reply.send(http::uncached_json(200, body));
    }
}

std::optional<std::string> room_hub::room_of(engine::round_id round) const
{
    const std::lock_guard lock(mutex_);
    const auto it = rooms_.find(round);
    return it == rooms_.end() ? std::nullopt : std::optional(it->second.code);
}

bool room_hub::wait(engine::round_id round, std::uint64_t after, const http::responder& reply)
{
    std::uint64_t id = 0;
    {
        const std::lock_guard lock(mutex_);
        const auto it = rooms_.find(round);
        if (it == rooms_.end()) {
            return false;
        }
        if (it->second.revision > after) {
            reply.send(http::uncached_json(200, it->second.body));
            return true;
        }
        id = ++next_waiter_;
        it->second.waiting.push_back({id, after, reply});
        poll_locked(round, it->second);
    }
    later_(hold_, [this, round, id] {
        std::optional<http::responder> due;
        std::string body;
        {
            const std::lock_guard lock(mutex_);
            const auto it = rooms_.find(round);
            if (it == rooms_.end()) {
                return; // evicted: the responder answers 500 when its last copy goes, and the page joins again
            }
            auto& waiting = it->second.waiting;
            const auto w = std::find_if(waiting.begin(), waiting.end(), [id](const waiter& x) { return x.id == id; });
            if (w == waiting.end()) {
                return; // answered by a change
            }
            due = w->reply;
            waiting.erase(w);
            body = it->second.body;
        }
        due->send(http::uncached_json(200, body));
    });
    return true;
}

void room_hub::evict_ended_locked()
{
    for (auto it = rooms_.begin(); it != rooms_.end() && rooms_.size() > max_rooms_;) {
        if (it->second.ended && it->second.waiting.empty()) {
            it = rooms_.erase(it);
        } else {
            ++it;
        }
    }
}

} // namespace quiz::bot::web
