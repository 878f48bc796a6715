// SPDX-License-Identifier: MIT
#include "bot/web/learner_gate.hpp"

#include <algorithm>

namespace quiz::bot::web {

namespace {

/// "1.2.3.4:5678" or "[::1]:5678" without the port.
std::string without_port(const std::string& peer)
{
    if (!peer.empty() && peer.front() == '[') {
        const auto close = peer.find(']');
        return close == std::string::npos ? peer : peer.substr(1, close - 1);
    }
    return peer.substr(0, peer.rfind(':'));
}

bool loopback(const std::string& address)
{
    return address.starts_with("127.") || address == "::1" || address.starts_with("::ffff:127.");
}

std::string trimmed(std::string_view text)
{
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos) {
        return {};
    }
    return std::string(text.substr(first, text.find_last_not_of(" \t") + 1 - first));
}

// Beyond this many addresses, buckets that have refilled are dropped (they hold nothing a new one would not).
constexpr std::size_t prune_above = 10'000;

} // namespace

learner_gate::learner_gate(learner_tokens tokens, creation_limit limit, warn_fn warn, clock_fn clock)
    : tokens_(std::move(tokens)), limit_(limit), warn_(std::move(warn)), clock_(std::move(clock))
{
}

http::parsed<std::string> learner_gate::known(const std::optional<std::string>& token) const
{
    if (!token) {
        return http::refusal{400, "\"learner\" is required"};
    }
    auto id = tokens_.learner_of(*token);
    if (!id) {
        return http::refusal{401, "\"learner\" is not a learner token this server issued"};
    }
    return std::move(*id);
}

http::parsed<std::string> learner_gate::known_or_new(std::optional<std::string>& token, const http::request& req)
{
    if (token) {
        return known(token);
    }
    if (limit_.per_hour == 0 && forwarded(req) && !warned_.exchange(true) && warn_) {
        warn_("the playground is reached through a proxy (X-Forwarded-For) and creates learners without a limit: "
              "set QUIZBOT_NEW_LEARNERS_PER_HOUR");
    }
    if (!take(client_address(req))) {
        return http::refusal{429, "too many new learners from this address: try again later"};
    }
    token = tokens_.issue();
    return known(token);
}

http::parsed<std::string> learner_gate::known(body_fields& body) const
{
    const auto token = body.text("learner");
    if (body.refused()) {
        return *body.refused();
    }
    return known(token);
}

http::parsed<std::string> learner_gate::known_or_new(body_fields& body, std::optional<std::string>& token,
                                                     const http::request& req)
{
    token = body.text("learner");
    if (body.refused()) {
        return *body.refused();
    }
    return known_or_new(token, req);
}

std::string learner_gate::client_address(const http::request& req)
{
    auto peer = without_port(req.remote_address);
    if (!loopback(peer)) {
        return peer;
    }
    const auto forwarded_for = req.fields.find("X-Forwarded-For");
    if (!forwarded_for || forwarded_for->empty()) {
        return peer;
    }
    const auto last = forwarded_for->rfind(',');
    auto address = trimmed(last == std::string::npos ? *forwarded_for : forwarded_for->substr(last + 1));
    return address.empty() ? peer : address;
}

bool learner_gate::forwarded(const http::request& req) { return req.fields.contains("X-Forwarded-For"); }

bool learner_gate::take(const std::string& address)
{
    if (limit_.per_hour == 0) {
        return true;
    }
    const auto now = clock_();
    const auto capacity = static_cast<double>(limit_.per_hour);
    const auto refill = [&](const bucket& b) {
        const double hours = std::chrono::duration<double, std::ratio<3600>>(now - b.at).count();
        return std::min(capacity, b.tokens + hours * capacity);
    };
    const std::lock_guard lock(mutex_);
    if (buckets_.size() > prune_above) {
        std::erase_if(buckets_, [&](const auto& entry) { return refill(entry.second) >= capacity; });
        if (buckets_.size() > 10 * prune_above) {
            buckets_.clear(); // memory stays bounded; the addresses flooding it start from a full bucket again
        }
    }
    auto [it, fresh] = buckets_.try_emplace(address, bucket{capacity, now});
    auto& b = it->second;
    b.tokens = fresh ? capacity : refill(b);
    b.at = now;
    if (b.tokens < 1.0) {
        return false;
    }
    b.tokens -= 1.0;
    return true;
}

} // namespace quiz::bot::web
