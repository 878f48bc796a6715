// SPDX-License-Identifier: MIT
#include "bot/discord/component_ids.hpp"

#include "bot/overloaded.hpp"

#include <charconv>
#include <vector>

namespace quiz::bot::discord {

namespace {

std::vector<std::string_view> split(std::string_view text)
{
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    while (true) {
        const auto colon = text.find(':', start);
        parts.push_back(text.substr(start, colon == std::string_view::npos ? colon : colon - start));
        if (colon == std::string_view::npos) {
            return parts;
        }
        start = colon + 1;
    }
}

template <class T>
std::optional<T> number(std::string_view text, T min)
{
    T value{};
    if (text.empty() || text.front() == '+' || text.front() == '-') {
        return std::nullopt;
    }
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size() || value < min) {
        return std::nullopt;
    }
    return value;
}

} // namespace

std::string custom_id(const button& b)
{
    return std::visit(
        overloaded{
            [](const answer_button& a) {
                return "quiz:a:" + std::to_string(a.session.value()) + ":" + std::to_string(a.sequence) + ":" +
                       std::to_string(a.choice);
            },
            [](const next_button& n) { return "quiz:n:" + std::to_string(n.session.value()) + ":" + n.pack; },
            [](const forget_button& f) { return std::string(f.confirmed ? "quiz:forget:yes" : "quiz:forget:no"); },
            [](const start_button& s) { return "quiz:s:" + s.pack; },
            [](const reminder_button& r) { return std::string(r.unsubscribe ? "quiz:rem:off" : "quiz:rem:start"); },
        },
        b);
}

std::optional<button> parse_custom_id(std::string_view text)
{
    if (text.size() > max_custom_id || !text.starts_with("quiz:")) {
        return std::nullopt;
    }
    const auto parts = split(text.substr(5));
    const auto kind = parts.front();
    if (kind == "a" && parts.size() == 4) {
        const auto session = number<std::int64_t>(parts[1], 1);
        const auto sequence = number<std::uint32_t>(parts[2], 0);
        const auto choice = number<std::uint32_t>(parts[3], 0);
        if (session && sequence && choice) {
            return answer_button{engine::session_id{*session}, *sequence, *choice};
        }
    } else if (kind == "n" && parts.size() == 3) {
        if (const auto session = number<std::int64_t>(parts[1], 1)) {
            return next_button{engine::session_id{*session}, std::string(parts[2])};
        }
    } else if (kind == "forget" && parts.size() == 2 && (parts[1] == "yes" || parts[1] == "no")) {
        return forget_button{parts[1] == "yes"};
    } else if (kind == "s" && parts.size() == 2 && !parts[1].empty()) {
        return start_button{std::string(parts[1])};
    } else if (kind == "rem" && parts.size() == 2 && (parts[1] == "start" || parts[1] == "off")) {
        return reminder_button{parts[1] == "off"};
    }
    return std::nullopt;
}

namespace {

constexpr std::string_view round_kinds = "arnem"; // in the order of round_button::kind

} // namespace

std::string round_custom_id(const round_button& b)
{
    std::string id = "quiz:r";
    id += round_kinds[static_cast<std::size_t>(b.what)];
    id += ":" + std::to_string(b.round.value()) + ":" + std::to_string(b.sequence);
    if (b.what == round_button::kind::answer) {
        id += ":" + std::to_string(b.choice);
    }
    return id;
}

std::optional<round_button> parse_round_custom_id(std::string_view text)
{
    if (text.size() > max_custom_id || !text.starts_with("quiz:r") || text.size() < 7) {
        return std::nullopt;
    }
    const auto kind = round_kinds.find(text[6]);
    if (kind == std::string_view::npos) {
        return std::nullopt;
    }
    const auto parts = split(text.substr(5));
    round_button b;
    b.what = static_cast<round_button::kind>(kind);
    const std::size_t expected = b.what == round_button::kind::answer ? 4 : 3;
    if (parts.size() != expected || parts[0].size() != 2) {
        return std::nullopt;
    }
    const auto round = number<std::int64_t>(parts[1], 1);
    const auto sequence = number<std::uint32_t>(parts[2], 1);
    if (!round || !sequence) {
        return std::nullopt;
    }
    b.round = engine::round_id{*round};
    b.sequence = *sequence;
    if (expected == 4) {
        const auto choice = number<std::uint32_t>(parts[3], 0);
        if (!choice) {
            return std::nullopt;
        }
        b.choice = *choice;
    }
    return b;
}

std::optional<clicked_button> parse_clicked_button(std::string_view text)
{
    if (auto b = parse_custom_id(text)) {
        return clicked_button{std::move(*b)};
    }
    if (auto r = parse_round_custom_id(text)) {
        return clicked_button{*r};
    }
    return std::nullopt;
}

} // namespace quiz::bot::discord
