// SPDX-License-Identifier: MIT
#include "bot/slack/action_ids.hpp"

#include "bot/overloaded.hpp"
#include "engine/choice_order.hpp"

#include <charconv>

namespace quiz::bot::slack {

namespace {

constexpr std::string_view answer_prefix = "answer_";

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

std::optional<answer_click> parse_answer(std::string_view text)
{
    const auto first = text.find(':');
    const auto second = first == std::string_view::npos ? first : text.find(':', first + 1);
    if (second == std::string_view::npos) {
        return std::nullopt;
    }
    const auto session = parse_session(text.substr(0, first));
    const auto sequence = parse_number<std::uint32_t>(text.substr(first + 1, second - first - 1));
    const auto position = parse_number<std::uint32_t>(text.substr(second + 1));
    if (!session || !sequence || !position) {
        return std::nullopt;
    }
    return answer_click{*session, *sequence, *position};
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
    return std::nullopt;
}

} // namespace quiz::bot::slack
