// SPDX-License-Identifier: MIT
#include "bot/outbound/rate_limits.hpp"

#include "bot/outbound/retry.hpp"

#include <algorithm>
#include <charconv>

namespace quiz::bot::outbound {

namespace {

// Keys may hold ids (and webhook tokens); forgetting old entries bounds memory at the cost of one more 429.
constexpr std::size_t max_entries = 10'000;

std::optional<long> parse_count(std::string_view text)
{
    long value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size() || value < 0) {
        return std::nullopt;
    }
    return value;
}

} // namespace

rate_limits::clock::time_point rate_limits::ready_at(const std::string& origin, const std::string& key,
                                                     clock::time_point now)
{
    const std::lock_guard lock(mutex_);
    clock::time_point ready = now;
    if (const auto global = blocked_.find(origin + "|*"); global != blocked_.end()) {
        ready = std::max(ready, global->second);
    }
    const std::string route = origin + '|' + key;
    const auto mapped = bucket_of_.find(route);
    const std::string& id = mapped == bucket_of_.end() ? route : mapped->second;
    if (const auto blocked = blocked_.find(id); blocked != blocked_.end()) {
        ready = std::max(ready, blocked->second);
    }
    if (const auto b = buckets_.find(id);
        b != buckets_.end() && b->second.remaining == 0L && b->second.reset_at > now) {
        ready = std::max(ready, b->second.reset_at);
    }
    return ready;
}

void rate_limits::update(const std::string& origin, const std::string& key, unsigned status,
                         const http::headers& fields, clock::time_point now, std::chrono::milliseconds delay_if_429)
{
    const std::lock_guard lock(mutex_);
    prune(now);
    const std::string route = origin + '|' + key;
    std::string id = route;
    if (const auto name = fields.find("X-RateLimit-Bucket")) {
        id = origin + "|bucket:" + std::string(*name);
        bucket_of_[route] = id;
        bucket& b = buckets_[id];
        if (const auto remaining = fields.find("X-RateLimit-Remaining")) {
            b.remaining = parse_count(*remaining);
        }
        if (const auto reset_after = fields.find("X-RateLimit-Reset-After")) {
            if (const auto delay = parse_seconds(*reset_after)) {
                b.reset_at = now + *delay;
            }
        }
    } else if (const auto mapped = bucket_of_.find(route); mapped != bucket_of_.end()) {
        id = mapped->second;
    }
    if (status != 429) {
        return;
    }
    const auto global = fields.find("X-RateLimit-Global");
    const auto scope = fields.find("X-RateLimit-Scope");
    const bool whole_host = (global && http::iequals(*global, "true")) || (scope && http::iequals(*scope, "global"));
    auto& until = blocked_[whole_host ? origin + "|*" : id];
    until = std::max(until, now + delay_if_429);
}

void rate_limits::prune(clock::time_point now)
{
    if (blocked_.size() > max_entries) {
        std::erase_if(blocked_, [now](const auto& entry) { return entry.second <= now; });
    }
    if (buckets_.size() > max_entries) {
        std::erase_if(buckets_, [now](const auto& entry) { return entry.second.reset_at <= now; });
    }
    if (bucket_of_.size() > max_entries) {
        bucket_of_.clear();
    }
}

} // namespace quiz::bot::outbound
