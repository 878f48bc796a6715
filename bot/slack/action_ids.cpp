// SPDX-License-Identifier: MIT
#include "bot/slack/action_ids.hpp"

#include "bot/overloaded.hpp"
#include "engine/tutor/choice_order.hpp"

#include <array>
#include <charconv>

namespace quiz::bot::slack {

namespace {

constexpr std::string_view answer_prefix = "answer_";
constexpr std::string_view round_answer_prefix = "round_answer_";

struct round_name {
    round_click::kind what;
    std::string_view action_id;
};
constexpr std::array round_names{
    round_name{round_click::kind::reveal, "round_reveal"}, round_name{round_click::kind::next, "round_next"},
    round_name{round_click::kind::end, "round_end"},       round_name{round_click::kind::mine, "round_mine"},
    round_name{round_click::kind::review, "round_review"},
};

template <class T>
std::optional<T> parse_number(std::string_view text)
{
    T value{};
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc{} || end != text.data() + text.size() || text.empty()) {
        return std::nullopt;
    }
    return value;
}

std::optional<engine::session_id> parse_session(std::string_view text)
{
    const auto session = parse_number<std::int64_t>(text);
    if (!session || *session <= 0) {
        return std::nullopt;
    }
    return engine::session_id{*session};
}

/// "<id>:<sequence>:<position>", the id positive.
struct answer_numbers {
    std::int64_t id = 0;
    std::uint32_t sequence = 0;
    std::uint32_t position = 0;
};

std::optional<answer_numbers> parse_answer_numbers(std::string_view text)
{
    const auto first = text.find(':');
    const auto second = first == std::string_view::npos ? first : text.find(':', first + 1);
    if (second == std::string_view::npos) {
        return std::nullopt;
    }
    const auto id = parse_number<std::int64_t>(text.substr(0, first));
    const auto sequence = parse_number<std::uint32_t>(text.substr(first + 1, second - first - 1));
    const auto position = parse_number<std::uint32_t>(text.substr(second + 1));
    if (!id || *id <= 0 || !sequence || !position) {
        return std::nullopt;
    }
    return answer_numbers{*id, *sequence, *position};
}

std::optional<answer_click> parse_answer(std::string_view text)
{
    const auto numbers = parse_answer_numbers(text);
    if (!numbers) {
        return std::nullopt;
    }
    return answer_click{engine::session_id{numbers->id}, numbers->sequence, numbers->position};
}

} // namespace

button_ids ids_of(const click& c)
{
    return std::visit(overloaded{
                          [](const answer_click& a) {
                              return button_ids{std::string(answer_prefix) + engine::choice_letter(a.position),
                                                std::to_string(a.session.value()) + ":" + std::to_string(a.sequence) +
                                                    ":" + std::to_string(a.position)};
                          },
                          [](const next_click& n) {
                              return button_ids{"next", std::to_string(n.session.value())};
                          },
                          [](const start_click& s) {
                              return button_ids{s.reviews_only ? "review" : "start", s.pack};
                          },
                          [](const forget_click& f) {
                              return button_ids{f.confirmed ? "forget_yes" : "forget_no", {}};
                          },
                          [](const unsubscribe_click&) {
                              return button_ids{"reminders_off", {}};
                          },
                      },
                      c);
}

std::optional<click> parse_click(std::string_view action_id, std::string_view value)
{
    if (action_id.starts_with(answer_prefix)) {
        if (auto a = parse_answer(value)) {
            return *a;
        }
        return std::nullopt;
    }
    if (action_id == "next") {
        if (const auto session = parse_session(value)) {
            return next_click{*session};
        }
        return std::nullopt;
    }
    if (action_id == "start" || action_id == "review") {
        return start_click{std::string(value), action_id == "review"};
    }
    if (action_id == "forget_yes" || action_id == "forget_no") {
        return forget_click{action_id == "forget_yes"};
    }
    if (action_id == "reminders_off") {
        return unsubscribe_click{};
    }
    return std::nullopt;
}

button_ids ids_of(const round_click& c)
{
    const std::string round = std::to_string(c.round.value());
    if (c.what == round_click::kind::answer) {
        return {std::string(round_answer_prefix) + engine::choice_letter(c.position),
                round + ":" + std::to_string(c.sequence) + ":" + std::to_string(c.position)};
    }
    for (const auto& name : round_names) {
        if (name.what == c.what) {
            return {std::string(name.action_id), round};
        }
    }
    return {};
}

std::optional<round_click> parse_round_click(std::string_view action_id, std::string_view value)
{
    if (action_id.starts_with(round_answer_prefix)) {
        const auto numbers = parse_answer_numbers(value);
        if (!numbers) {
            return std::nullopt;
        }
        return round_click{round_click::kind::answer, engine::round_id{numbers->id}, numbers->sequence,
                           numbers->position};
    }
    for (const auto& name : round_names) {
        if (name.action_id == action_id) {
            const auto round = parse_number<std::int64_t>(value);
            if (!round || *round <= 0) {
                return std::nullopt;
            }
            return round_click{name.what, engine::round_id{*round}, 0, 0};
        }
    }
    return std::nullopt;
}

std::optional<clicked_button> parse_clicked_button(std::string_view action_id, std::string_view value)
{
    if (auto c = parse_click(action_id, value)) {
        return clicked_button{std::move(*c)};
    }
    if (auto r = parse_round_click(action_id, value)) {
        return clicked_button{*r};
    }
    return std::nullopt;
}

} // namespace quiz::bot::slack
