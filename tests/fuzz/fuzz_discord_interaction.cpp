// SPDX-License-Identifier: MIT
// The Discord interaction parser and the button-id parser on arbitrary bytes: no crash, no exception, and what
// they accept keeps the documented shape (ids are snowflakes, a refused body says why, ids round-trip).
#include "bot/discord/component_ids.hpp"
#include "bot/discord/interaction.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const auto parsed = quiz::bot::discord::parse_interaction(input);
    if (!parsed.value) {
        if (parsed.error.empty()) {
            std::abort();
        }
    } else if (parsed.value->type != quiz::bot::discord::interaction_type::ping) {
        const auto& in = *parsed.value;
        if (!quiz::bot::discord::is_snowflake(in.id) || !quiz::bot::discord::is_snowflake(in.user_id) ||
            in.token.empty()) {
            std::abort();
        }
        if (in.component && in.component->custom_id.size() > quiz::bot::discord::max_custom_id) {
            std::abort();
        }
    }
    if (const auto b = quiz::bot::discord::parse_custom_id(input)) {
        if (quiz::bot::discord::parse_custom_id(quiz::bot::discord::custom_id(*b)).has_value() == false) {
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
