// SPDX-License-Identifier: MIT
// Block Kit's limits (platforms.md S11), checked on a message or a view as Slack would.
#pragma once

#include "bot/slack/block_limits.hpp"

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include <catch2/catch.hpp>

#include <string_view>

namespace quiz::test {

inline std::size_t slack_chars(const boost::json::value& v)
{
    return bot::slack::character_count(std::string_view(v.as_string()));
}

/// Every Block Kit limit the renderers promise, checked on a message or view.
inline void check_limits(const boost::json::object& message, std::size_t max_blocks)
{
    const auto& blocks = message.at("blocks").as_array();
    CHECK(blocks.size() <= max_blocks);
    for (const auto& b : blocks) {
        const auto& block = b.as_object();
        const auto type = std::string_view(block.at("type").as_string());
        if (type == "section") {
            CHECK(slack_chars(block.at("text").at("text")) <= 3000);
        } else if (type == "header") {
            CHECK(slack_chars(block.at("text").at("text")) <= 150);
        } else if (type == "actions") {
            const auto& elements = block.at("elements").as_array();
            CHECK(elements.size() <= 25);
            for (const auto& e : elements) {
                CHECK(slack_chars(e.at("text").at("text")) <= 75);
                CHECK(slack_chars(e.at("value")) <= 2000);
                CHECK(slack_chars(e.at("action_id")) <= 255);
            }
        } else if (type == "context") {
            for (const auto& e : block.at("elements").as_array()) {
                CHECK(slack_chars(e.at("text")) <= 3000);
            }
        }
    }
}

/// A message as sent: within the limits, and with a top-level `text` fallback for notifications.
inline void check_message(const boost::json::object& message)
{
    check_limits(message, 50);
    REQUIRE(message.contains("text"));
    CHECK(slack_chars(message.at("text")) > 0);
    CHECK(slack_chars(message.at("text")) <= 4000);
}

} // namespace quiz::test
