// SPDX-License-Identifier: MIT
// A scripted HTTP(S) server on loopback standing in for Discord or Slack in outbound client tests.
#pragma once

#include "tests/bot/http/support/test_pki.hpp"

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace quiz::test {

struct upstream_request {
    std::string method;
    std::string target;
    std::map<std::string, std::string> fields; ///< names lowercased
    std::string body;
};

struct upstream_reply {
    unsigned status = 200;
    std::vector<std::pair<std::string, std::string>> fields;
    std::string body;
    std::chrono::milliseconds delay{0}; ///< waits this long (without blocking other connections) before answering
    bool close = false;
};

class fake_upstream {
public:
    /// `script(request, index)` decides each answer; index counts requests from 0. With `identity` it speaks TLS.
    using script = std::function<upstream_reply(const upstream_request&, int index)>;

    explicit fake_upstream(script s, std::optional<server_identity> identity = std::nullopt);
    ~fake_upstream();
    fake_upstream(const fake_upstream&) = delete;
    fake_upstream& operator=(const fake_upstream&) = delete;

    [[nodiscard]] std::uint16_t port() const;
    [[nodiscard]] int requests() const;
    [[nodiscard]] int connections() const;
    [[nodiscard]] int max_in_flight() const;
    [[nodiscard]] std::vector<std::chrono::steady_clock::time_point> arrivals() const;
    [[nodiscard]] std::vector<upstream_request> seen() const;

private:
    struct impl;
    std::unique_ptr<impl> impl_;
};

} // namespace quiz::test
