// SPDX-License-Identifier: MIT
#include "bot/discord/round_flows.hpp"

#include "bot/discord/flows.hpp"
#include "bot/discord/render_parts.hpp"
#include "bot/discord/round_render.hpp"
#include "bot/discord/texts.hpp"
#include "bot/overloaded.hpp"
#include "bot/tutoring/texts.hpp"
#include "engine/text/catalog.hpp"

#include <charconv>

namespace quiz::bot::discord {

namespace {

namespace json = boost::json;

/// An integer option as sent; a value that is not one becomes -1, which the rounds refuse with their options notice.
std::optional<int> integer_option(const command_input& c, std::string_view name)
{
    const auto text = c.option(name);
    if (!text) {
        return std::nullopt;
    }
    int value = 0;
    const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
    if (ec != std::errc{} || end != text->data() + text->size()) {
        return -1;
    }
    return value;
}

tutoring::round_action action_of(const round_button& b)
{
    using kind = round_button::kind;
    switch (b.what) {
    case kind::answer:
        return tutoring::answer_round{b.round, b.sequence, b.choice};
    case kind::reveal:
        return tutoring::reveal_round{b.round};
    case kind::next:
        return tutoring::next_round_question{b.round};
    case kind::end:
        return tutoring::end_round{b.round};
    case kind::review:
        break;
    }
    return tutoring::review_misses{b.round};
}

json::object ephemeral(json::object body)
{
    body["flags"] = ephemeral_flag;
    return body;
}

} // namespace

bool is_group_command(const interaction& in) noexcept
{
    return in.command && in.type == interaction_type::application_command && in.command->subcommand == "group";
}

std::variant<tutoring::round_request, reply> group_request(const interaction& in)
{
    const bool group_dm = !in.in_guild() && in.context == interaction_context::private_channel;
    if ((!in.in_guild() && !group_dm) || in.channel_id.empty()) {
        return note(group_place_text(engine::language_of_locale(in.locale)), true);
    }
    const auto& c = *in.command;
    tutoring::open_round open;
    open.where.workspace = engine::platform_identity{"discord", in.in_guild() ? in.guild_id : "dm:" + in.channel_id};
    open.where.channel = in.channel_id;
    open.pack = c.option("pack");
    open.questions = integer_option(c, "questions");
    open.seconds = integer_option(c, "seconds");
    return tutoring::round_request{actor_of(in), std::move(open), in.delivery_key(),
                                   tutoring::message_news{std::nullopt, in.token}};
}

std::optional<round_click> round_click_of(const interaction& in)
{
    if (!in.component) {
        return std::nullopt;
    }
    const auto* b = in.component->clicked ? std::get_if<round_button>(&*in.component->clicked) : nullptr;
    if (b == nullptr) {
        return std::nullopt;
    }
    return round_click{*b, tutoring::round_request{actor_of(in), action_of(*b), in.delivery_key(),
                                                   tutoring::message_news{std::nullopt, in.token}}};
}

reply group_reply(const tutoring::round_reply& r, const tutoring::link_base& links)
{
    if (r.shared) {
        return {reply_kind::new_message, false, round_message(*r.shared, links)};
    }
    if (const auto* n = std::get_if<tutoring::notice_screen>(&r.mine)) {
        return note(n->text, true);
    }
    return note(tutoring::say(tutoring::text::failed, r.lang), true);
}

std::optional<json::object> private_note(const tutoring::round_reply& r, const tutoring::link_base& links)
{
    return std::visit(overloaded{
                          [](const tutoring::nothing_screen&) -> std::optional<json::object> { return std::nullopt; },
                          [](const tutoring::answer_in_screen& in) -> std::optional<json::object> {
                              return ephemeral(message(in.text, {}));
                          },
                          [&](const tutoring::judged_screen& judged) -> std::optional<json::object> {
                              return ephemeral(
                                  message(feedback_text(judged.told, judged.said, judged.guide, links), {}));
                          },
                          [&](const tutoring::card_screen& card) -> std::optional<json::object> {
                              return ephemeral(card_reply(card, links).data);
                          },
                          [&](const tutoring::summary_screen& summary) -> std::optional<json::object> {
                              return ephemeral(summary_reply(summary, r.lang).data);
                          },
                          [](const tutoring::notice_screen& n) -> std::optional<json::object> {
                              return ephemeral(message(n.text, {}));
                          },
                      },
                      r.mine);
}

std::optional<json::object> judged_note(const tutoring::round_reply& r, const tutoring::round_screen& revealed,
                                        const tutoring::link_base& links)
{
    const auto* judged = std::get_if<tutoring::judged_screen>(&r.mine);
    if (judged == nullptr) {
        return std::nullopt;
    }
    // Which question: the member may read it once the next one is open.
    const auto header = engine::format_message(engine::message::card_header_round, r.lang,
                                               {engine::message_arg::num("position", revealed.number),
                                                engine::message_arg::num("planned", revealed.questions)});
    return ephemeral(
        message("**" + header + "**\n" + feedback_text(judged->told, judged->said, judged->guide, links), {}));
}

} // namespace quiz::bot::discord
