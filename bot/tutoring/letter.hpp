// SPDX-License-Identifier: MIT
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>

namespace quiz::bot::tutoring {

struct screen;

/// A message to a platform that an action's screen becomes, written to the outbox in the action's own transaction
/// (docs/reliability.md, "The outbox"): acknowledged means sent, even if the node dies right after.
struct letter {
    std::string kind;                  ///< which sender sends it (outbox_sender::add_sender)
    std::string key;                   ///< one entry per key: a newer letter replaces one still waiting
    std::string payload;               ///< in the sender's own encoding
    std::chrono::seconds valid_for{0}; ///< not sent after this (a Slack response_url: 30 minutes)
};

/// Renders a screen as the letter to send; nullopt: nothing to send. Pure: it runs inside the unit.
using letter_writer = std::function<std::optional<letter>(const screen&)>;

} // namespace quiz::bot::tutoring
