// SPDX-License-Identifier: MIT
#include "bot/outbound/in_order.hpp"

namespace quiz::bot::outbound {

void in_order::submit(const std::string& key, send_fn send)
{
    {
        const std::lock_guard lock(mutex_);
        const auto [it, idle] = queued_.try_emplace(key);
        if (!idle) {
            it->second.push_back(std::move(send));
            return;
        }
    }
    send([this, key] { finished(key); });
}

void in_order::finished(const std::string& key)
{
    send_fn next;
    {
        const std::lock_guard lock(mutex_);
        const auto it = queued_.find(key);
        if (it == queued_.end()) {
            return;
        }
        if (it->second.empty()) {
            queued_.erase(it);
            return;
        }
        next = std::move(it->second.front());
        it->second.pop_front();
    }
    next([this, key] { finished(key); });
}

/// A place's request and whose turn it is.
struct in_order::place::state {
    std::mutex mutex;
    bool decided = false;
    send_fn request;            ///< empty once decided: skipped
    std::function<void()> done; ///< set once the place's turn has come
};

/// Held by every copy of a place: the last one gone without a decision skips it.
struct in_order::place::last_copy {
    std::shared_ptr<state> s = std::make_shared<state>();
    last_copy() = default;
    last_copy(const last_copy&) = delete;
    last_copy& operator=(const last_copy&) = delete;
    ~last_copy() { place::give_up(*s); }
};

in_order::place in_order::reserve(const std::string& key)
{
    auto held = std::make_shared<place::last_copy>();
    submit(key, [s = held->s](std::function<void()> done) {
        send_fn request;
        {
            const std::lock_guard lock(s->mutex);
            if (!s->decided) {
                s->done = std::move(done); // its turn: waits for send or skip
                return;
            }
            request = std::move(s->request);
        }
        if (request) {
            request(std::move(done));
        } else {
            done();
        }
    });
    return place(std::move(held));
}

void in_order::place::send(send_fn request) const { fill(*held_->s, std::move(request)); }

void in_order::place::skip() const { give_up(*held_->s); }

void in_order::place::fill(state& s, send_fn request)
{
    std::function<void()> done;
    {
        const std::lock_guard lock(s.mutex);
        if (s.decided) {
            return;
        }
        s.decided = true;
        if (!s.done) {
            s.request = std::move(request); // sent when its turn comes
            return;
        }
        done = std::move(s.done);
    }
    request(std::move(done));
}

void in_order::place::give_up(state& s)
{
    std::function<void()> done;
    {
        const std::lock_guard lock(s.mutex);
        if (s.decided) {
            return;
        }
        s.decided = true;
        done = std::move(s.done);
    }
    if (done) {
        done();
    }
}

std::size_t in_order::busy_keys() const
{
    const std::lock_guard lock(mutex_);
    return queued_.size();
}

} // namespace quiz::bot::outbound
