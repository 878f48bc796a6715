// SPDX-License-Identifier: MIT
// The Discord interaction parser and the button-id parser on arbitrary bytes: no crash, no exception, and what
// they accept keeps the documented shape (ids are snowflakes, a refused body says why, ids round-trip).
#include "bot/discord/component_ids.hpp"
#include "bot/discord/interaction.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <variant>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const auto parsed = quiz::bot::discord::parse_interaction(input);
    if (!parsed) {
        if (parsed.error().reason.empty() || parsed.error().status != 400) {
            std::abort();
        }
    } else if (parsed->type != quiz::bot::discord::interaction_type::ping) {
        const auto& in = *parsed;
        if (!quiz::bot::discord::is_snowflake(in.id) || !quiz::bot::discord::is_snowflake(in.user_id) ||
            in.token.empty()) {
            std::abort();
        }
        if (in.component && in.component->custom_id.size() > quiz::bot::discord::max_custom_id) {
            std::abort();
        }
        // The click's id is read with the body: exactly what reading the id alone gives.
        if (in.component && in.component->clicked.has_value() !=
                                quiz::bot::discord::parse_clicked_button(in.component->custom_id).has_value()) {
            std::abort();
        }
    }
    if (const auto b = quiz::bot::discord::parse_custom_id(input)) {
        if (quiz::bot::discord::parse_custom_id(quiz::bot::discord::custom_id(*b)).has_value() == false) {
            std::abort();
        }
    }
    // A button is a session's or a round's, never both.
    if (const auto clicked = quiz::bot::discord::parse_clicked_button(input)) {
        const bool round = std::holds_alternative<quiz::bot::discord::round_button>(*clicked);
        if (round != quiz::bot::discord::parse_round_custom_id(input).has_value()) {
            std::abort();
        }
    }
    if (const auto r = quiz::bot::discord::parse_round_custom_id(input)) {
        const auto again = quiz::bot::discord::parse_round_custom_id(quiz::bot::discord::round_custom_id(*r));
        if (!again || again->what != r->what || again->round != r->round || again->sequence != r->sequence ||
            again->choice != r->choice || quiz::bot::discord::parse_custom_id(input)) {
            std::abort();
        }
    }
    return 0;
}
