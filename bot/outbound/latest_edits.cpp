// SPDX-License-Identifier: MIT
#include "bot/outbound/latest_edits.hpp"

namespace quiz::bot::outbound {

void latest_edits::submit(const std::string& key, std::uint64_t revision, send_fn send)
{
    {
        const std::lock_guard lock(mutex_);
        auto& s = slots_[key];
        if (revision <= s.last_sent || (s.waiting && revision <= s.waiting_revision)) {
            ++superseded_;
            return;
        }
        if (s.in_flight) {
            if (s.waiting) {
                ++superseded_;
            }
            s.waiting = std::move(send);
            s.waiting_revision = revision;
            return;
        }
        s.in_flight = true;
        s.last_sent = revision;
        ++sent_;
    }
    start(key, revision, std::move(send));
}

void latest_edits::start(const std::string& key, std::uint64_t /*revision*/, send_fn send)
{
    send([this, key](bool) { finished(key); });
}

void latest_edits::finished(const std::string& key)
{
    send_fn next;
    std::uint64_t revision = 0;
    {
        const std::lock_guard lock(mutex_);
        const auto it = slots_.find(key);
        if (it == slots_.end()) {
            return;
        }
        auto& s = it->second;
        if (!s.waiting) {
            s.in_flight = false; // the next version starts a request at once
            return;
        }
        next = std::move(s.waiting);
        revision = s.waiting_revision;
        s.waiting = nullptr;
        s.last_sent = revision;
        ++sent_;
    }
    start(key, revision, std::move(next));
}

std::uint64_t latest_edits::sent() const
{
    const std::lock_guard lock(mutex_);
    return sent_;
}

std::uint64_t latest_edits::superseded() const
{
    const std::lock_guard lock(mutex_);
    return superseded_;
}

} // namespace quiz::bot::outbound
