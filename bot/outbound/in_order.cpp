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

std::size_t in_order::busy_keys() const
{
    const std::lock_guard lock(mutex_);
    return queued_.size();
}

} // namespace quiz::bot::outbound
