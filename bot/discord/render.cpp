// SPDX-License-Identifier: MIT
#include "bot/discord/render.hpp"

#include "bot/discord/component_ids.hpp"
#include "bot/discord/render_parts.hpp"
#include "bot/tutoring/texts.hpp"
#include "engine/text/catalog.hpp"
#include "engine/text/text_render.hpp"
#include "engine/tutor/choice_order.hpp"

#include <boost/json/array.hpp>

namespace quiz::bot::discord {

namespace json = boost::json;

std::string clip(std::string_view text, std::size_t max_chars)
{
    if (utf8_chars(text) <= max_chars) {
        return std::string(text);
    }
    std::string out;
    std::size_t chars = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const bool starts_char = (static_cast<unsigned char>(text[i]) & 0xC0U) != 0x80U;
        if (starts_char && ++chars == max_chars) {
            break; // room for the ellipsis
        }
        out += text[i];
    }
    return out + "\u2026";
}

json::object callback_body(const reply& r)
{
    json::object data = r.data;
    if (r.ephemeral && r.kind == reply_kind::new_message) {
        data["flags"] = ephemeral_flag;
    }
    return json::object{{"type", static_cast<std::int64_t>(r.kind)}, {"data", std::move(data)}};
}

json::object pong_body() { return json::object{{"type", 1}}; }

json::object deferred_body(bool for_component, bool ephemeral)
{
    if (for_component) {
        return json::object{{"type", 6}};
    }
    json::object out{{"type", 5}};
    if (ephemeral) {
        out["data"] = json::object{{"flags", ephemeral_flag}};
    }
    return out;
}

namespace {

/// `heads_up` as the first paragraph of `content`.
std::string led_by(std::string_view heads_up, std::string content)
{
    return heads_up.empty() ? content : std::string(heads_up) + "\n\n" + content;
}

} // namespace

reply note(std::string_view content, bool ephemeral, std::string_view heads_up)
{
    return {reply_kind::new_message, ephemeral, message(led_by(heads_up, std::string(content)), {})};
}

reply card_reply(const tutoring::card_screen& shown, const tutoring::link_base& links, std::string_view heads_up)
{
    const auto& card = shown.card;
    std::vector<json::object> buttons;
    for (std::size_t i = 0; i < card.choices.size(); ++i) {
        buttons.push_back(make_button(
            choice_label(i, card.choices[i]),
            custom_id(answer_button{shown.session, card.sequence, static_cast<std::uint32_t>(i)}), secondary));
    }
    const auto text = engine::render_card(card, shown.shown_at,
                                          masked_link(shown.guide.line, tutoring::guide_url(links, shown.guide)));
    return {reply_kind::new_message, false, message(led_by(heads_up, text), rows_of(buttons, max_rows))};
}

std::string feedback_text(const engine::feedback& told, const engine::feedback_sentences& said,
                          const tutoring::guide_section& guide, const tutoring::link_base& links)
{
    return (told.correct ? "\u2705 " : "\u274C ") +
           engine::render_feedback(told, said, masked_link(guide.line, tutoring::guide_url(links, guide)));
}

reply feedback_reply(const source_message& shown, const answer_button& clicked,
                     const tutoring::feedback_screen& answered, engine::language lang, const tutoring::link_base& links,
                     std::string_view heads_up)
{
    const auto& told = answered.told;
    const std::string feedback = feedback_text(told, answered.said, answered.guide, links);
    // The feedback matters more than the question's text: when both do not fit, the question is shortened.
    const std::string lead = led_by(heads_up, {});
    const std::size_t used = utf8_chars(lead) + utf8_chars(feedback) + 1;
    std::string content = lead;
    content += used < max_content ? clip(shown.content, max_content - used) + "\n" : std::string{};
    content += feedback;

    // The question's buttons again, disabled: the card's choices in order, for the card the click answered.
    std::vector<json::object> buttons;
    for (std::size_t i = 0; i < shown.buttons.size(); ++i) {
        const auto choice = static_cast<std::uint32_t>(i);
        const auto style = choice == told.answer.position ? success
                                                          : (choice == told.chosen.position ? danger : secondary);
        const auto& label = shown.buttons[i].label;
        buttons.push_back(make_button(label.empty() ? std::string(1, engine::choice_letter(choice)) : label,
                                      custom_id(answer_button{clicked.session, clicked.sequence, choice}), style,
                                      true));
    }
    auto components = rows_of(buttons, max_rows - 1);
    const auto next_id = custom_id(next_button{answered.session, answered.pack.value()});
    components.push_back(row(json::array{make_button(
        tutoring::say(tutoring::text::next_button, lang),
        next_id.size() <= max_custom_id ? next_id : custom_id(next_button{answered.session, {}}), primary)}));
    return {reply_kind::update_message, false, message(content, std::move(components))};
}

reply feedback_note(const tutoring::feedback_screen& told, const tutoring::link_base& links, std::string_view heads_up)
{
    return note(feedback_text(told.told, told.said, told.guide, links), true, heads_up);
}

reply summary_reply(const tutoring::summary_screen& shown, engine::language lang, std::string_view heads_up)
{
    json::array components;
    const auto& pack = shown.pack.value();
    const auto id = custom_id(start_button{pack});
    if (!pack.empty() && id.size() <= max_custom_id) {
        components.push_back(
            row(json::array{make_button(tutoring::say(tutoring::text::start_again_button, lang), id, primary)}));
    }
    return {reply_kind::new_message, false,
            message(led_by(heads_up, engine::joined_lines(shown.lines)), std::move(components))};
}

reply forget_question_reply(const tutoring::confirm_screen& question, bool ephemeral)
{
    json::array buttons{make_button(question.yes, custom_id(forget_button{true}), danger),
                        make_button(question.no, custom_id(forget_button{false}), secondary)};
    json::array components{row(std::move(buttons))};
    return {reply_kind::new_message, ephemeral, message(question.question, std::move(components))};
}

} // namespace quiz::bot::discord
