// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/identity_ports.hpp"

#include <cstddef>
#include <functional>
#include <string_view>

namespace quiz::bot::tutoring {

/// How much waiting work a node takes before it refuses new actions (docs/reliability.md, "Overload").
struct admission_limits {
    /// Units waiting for the writer. The defaults fit the platforms' 3-second window: SQLite's writer finishes about
    /// 3,500 answers a second on 2 cores (PostgreSQL about 600), so 2,000 waiting is well under a second (or about 3 s)
    /// of work.
    std::size_t actions = 2'000;
    /// Messages to the platforms queued or in flight (Slack response_url updates, Discord follow-ups). The outbound
    /// client drops beyond 20,000 per host; refusing far below that keeps every acknowledged click's update.
    std::size_t messages = 5'000;
};

/// Decides, before a front end acknowledges a new action, whether this node can finish it in time: never an
/// acknowledgement whose effect is then dropped. Thread-safe.
class admission {
public:
    /// `messages_waiting` counts what the outbound client holds; `refused(platform)` counts a refusal (the metric).
    admission(const engine::action_queue& queue, std::function<std::size_t()> messages_waiting, admission_limits limits,
              std::function<void(std::string_view platform)> refused);

    /// Whether a new action from `platform` ("discord", "slack", "web") is taken; false is counted.
    [[nodiscard]] bool admit(std::string_view platform) const;

private:
    const engine::action_queue& queue_;
    std::function<std::size_t()> messages_waiting_;
    admission_limits limits_;
    std::function<void(std::string_view)> refused_;
};

} // namespace quiz::bot::tutoring
