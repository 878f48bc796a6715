// SPDX-License-Identifier: MIT
#include "bot/slack/block_parts.hpp"

#include "bot/slack/block_limits.hpp"
#include "engine/tutor/choice_order.hpp"

namespace quiz::bot::slack {

namespace json = boost::json;

std::string letter(std::uint32_t position) { return std::string(1, engine::choice_letter(position)); }

json::object mrkdwn(std::string_view text, std::size_t limit)
{
    return {{"type", "mrkdwn"}, {"text", truncate_mrkdwn(text, limit)}};
}

json::object plain(std::string_view text, std::size_t limit)
{
    return {{"type", "plain_text"}, {"text", truncate_text(text, limit)}, {"emoji", false}};
}

json::object section(std::string_view text) { return {{"type", "section"}, {"text", mrkdwn(text, max_section_text)}}; }

json::object context(std::string_view text)
{
    return {{"type", "context"}, {"elements", json::array{mrkdwn(text, max_context_text)}}};
}

json::object button(std::string_view label, const button_ids& ids, std::string_view style)
{
    json::object b{{"type", "button"},
                   {"text", plain(label, max_button_text)},
                   {"action_id", truncate_text(ids.action_id, max_action_id)},
                   {"value", ids.value.substr(0, max_button_value)}};
    if (!style.empty()) {
        b["style"] = style;
    }
    return b;
}

json::object actions(json::array elements)
{
    while (elements.size() > max_actions_elements) {
        elements.pop_back();
    }
    return {{"type", "actions"}, {"elements", std::move(elements)}};
}

std::string link(std::string_view url, std::string_view label)
{
    std::string safe_url;
    for (const char c : url) {
        if (c == '|') {
            safe_url += "%7C";
        } else if (c == '>') {
            safe_url += "%3E";
        } else {
            safe_url.push_back(c);
        }
    }
    return "<" + safe_url + "|" + escape_mrkdwn(label) + ">";
}

std::string guide_link(const tutoring::link_base& links, const tutoring::guide_section& guide)
{
    return link(tutoring::guide_url(links, guide), guide.line);
}

json::object message_of(std::string_view fallback, json::array blocks, std::string_view heads_up)
{
    std::string text(fallback);
    if (!heads_up.empty()) {
        blocks.insert(blocks.begin(), section(escape_mrkdwn(heads_up)));
        text = std::string(heads_up) + "\n\n" + text;
    }
    while (blocks.size() > max_message_blocks) {
        blocks.pop_back();
    }
    return {{"text", truncate_text(text, max_fallback_text)}, {"blocks", std::move(blocks)}};
}

} // namespace quiz::bot::slack
