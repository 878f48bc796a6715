// SPDX-License-Identifier: MIT
#include "bot/discord/render_parts.hpp"

#include "engine/tutor/choice_order.hpp"

namespace quiz::bot::discord {

namespace json = boost::json;

std::size_t utf8_chars(std::string_view text)
{
    std::size_t n = 0;
    for (const char c : text) {
        n += (static_cast<unsigned char>(c) & 0xC0U) != 0x80U ? 1 : 0;
    }
    return n;
}

std::string fitted(const std::string& first, const std::string& after)
{
    const std::size_t used = utf8_chars(after) + 1;
    if (used >= max_content) {
        return after;
    }
    return clip(first, max_content - used) + "\n" + after;
}

json::object make_button(std::string label, std::string id, button_style style, bool disabled)
{
    json::object b{{"type", 2},
                   {"style", static_cast<std::int64_t>(style)},
                   {"label", clip(label, max_label)},
                   {"custom_id", std::move(id)}};
    if (disabled) {
        b["disabled"] = true;
    }
    return b;
}

json::object row(json::array buttons) { return json::object{{"type", 1}, {"components", std::move(buttons)}}; }

json::array rows_of(const std::vector<json::object>& buttons, std::size_t rows)
{
    json::array out;
    json::array current;
    for (const auto& b : buttons) {
        if (current.size() == buttons_per_row) {
            if (out.size() + 1 == rows) {
                break;
            }
            out.push_back(row(std::move(current)));
            current = {};
        }
        current.push_back(b);
    }
    if (!current.empty()) {
        out.push_back(row(std::move(current)));
    }
    return out;
}

json::object message(std::string content, json::array components)
{
    // Pack texts are instructors' words, not pings: no mention in them may notify anyone.
    return json::object{{"content", clip(content, max_content)},
                        {"components", std::move(components)},
                        {"allowed_mentions", json::object{{"parse", json::array{}}}}};
}

std::string masked_link(std::string_view title, const std::string& url)
{
    std::string safe;
    for (const char c : title) {
        safe += (c == '[' || c == ']') ? '\'' : c; // brackets would end the link text early
    }
    return "[" + safe + "](<" + url + ">)";
}

std::string choice_label(std::size_t position, std::string_view text)
{
    return std::string(1, engine::choice_letter(position)) + ". " + std::string(text);
}

} // namespace quiz::bot::discord
