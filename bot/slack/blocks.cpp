// SPDX-License-Identifier: MIT
#include "bot/slack/blocks.hpp"

#include "bot/slack/action_ids.hpp"
#include "bot/slack/block_limits.hpp"
#include "bot/slack/block_parts.hpp"
#include "bot/slack/texts.hpp"
#include "bot/tutoring/texts.hpp"
#include "engine/text/catalog.hpp"
#include "engine/text/text_render.hpp"
#include "engine/tutor/choice_order.hpp"

#include <boost/json/array.hpp>

#include <cmath>

namespace quiz::bot::slack {

namespace {

namespace json = boost::json;
using engine::format_message;
using engine::language;
using engine::message;
using arg = engine::message_arg;

json::object button(std::string_view label, const click& action, std::string_view style = {})
{
    return slack::button(label, ids_of(action), style);
}

std::string guide_link(const link_base& links, const tutoring::guide_section& guide, std::string_view line)
{
    return slack::guide_link(links.public_url, guide, line);
}

} // namespace

json::object card_message(const tutoring::card_screen& shown, const link_base& links)
{
    const auto& card = shown.card;
    const language lang = card.lang;
    std::string header = "*" + escape_mrkdwn(shown.progress) + "*";
    if (shown.note) {
        header += "\n" + escape_mrkdwn(*shown.note);
    }
    std::string choices;
    json::array buttons;
    for (std::size_t i = 0; i < card.choices.size(); ++i) {
        const auto pos = static_cast<std::uint32_t>(i);
        choices += "*" + letter(pos) + ".* " + escape_mrkdwn(card.choices[i]) + "\n";
        buttons.push_back(button(
            say(text::choice_button, lang, {arg::str("letter", letter(pos)), arg::str("choice", card.choices[i])}),
            answer_click{shown.session, card.sequence, pos}));
    }
    json::array blocks{
        section(header), section(escape_mrkdwn(card.stem)), section(choices), actions(std::move(buttons)),
        context(guide_link(links, shown.guide,
                           format_message(message::card_guide, lang, {arg::str("section", card.section_title)})))};
    return message_of(engine::render_card(card, shown.shown_at), std::move(blocks));
}

json::object feedback_message(const tutoring::feedback_screen& shown, language lang, const link_base& links)
{
    const auto& told = shown.told;
    std::string verdict = std::string(told.correct ? ":white_check_mark: *" : ":x: *") +
                          format_message(told.correct ? message::feedback_right : message::feedback_wrong, lang, {}) +
                          "*";
    json::array blocks;
    if (!told.correct) {
        const std::string chosen = engine::render_chosen(told, lang);
        blocks.push_back(
            section(verdict + "\n" + escape_mrkdwn(chosen) + "\n" + escape_mrkdwn(told.chosen.explanation)));
    } else {
        blocks.push_back(section(verdict));
    }
    blocks.push_back(section("*" +
                             escape_mrkdwn(format_message(message::feedback_answer, lang,
                                                          {arg::str("letter", letter(told.answer.position)),
                                                           arg::str("choice", told.answer.text)})) +
                             "*\n" + escape_mrkdwn(told.answer.explanation)));
    std::string when;
    for (const auto& line : shown.what_next) {
        when += escape_mrkdwn(line) + "\n";
    }
    when += guide_link(links, shown.guide,
                       format_message(message::feedback_guide, lang, {arg::str("section", told.section_title)}));
    blocks.push_back(context(when));
    blocks.push_back(actions(
        json::array{button(tutoring::say(tutoring::text::next_button, lang), next_click{shown.session}, "primary")}));
    return message_of(engine::render_feedback(told, lang), std::move(blocks));
}

json::object summary_message(const tutoring::summary_screen& shown, language lang)
{
    const std::string summary = engine::joined_lines(shown.lines);
    json::array blocks{section(escape_mrkdwn(summary)),
                       actions(json::array{button(tutoring::say(tutoring::text::start_button, lang),
                                                  start_click{shown.pack.value(), false}, "primary")})};
    return message_of(summary, std::move(blocks));
}

json::object stats_message(const tutoring::stats_screen& shown)
{
    const std::string body = engine::joined_lines(shown.lines);
    return message_of(body, json::array{section(escape_mrkdwn(body))});
}

json::object confirm_message(const tutoring::confirm_screen& question)
{
    json::array blocks{section(escape_mrkdwn(question.question)),
                       actions(json::array{button(question.yes, forget_click{true}, "danger"),
                                           button(question.no, forget_click{false})})};
    return message_of(question.question, std::move(blocks));
}

json::object notice_message(std::string_view text) { return message_of(text, json::array{section(text)}); }

json::object reminder_blocks(const tutoring::reminder_message& reminder)
{
    const auto text = escape_mrkdwn(reminder.text);
    json::array blocks{section(text),
                       actions(json::array{button(reminder.start_label, start_click{"", true}, "primary"),
                                           button(reminder.unsubscribe_label, unsubscribe_click{})})};
    return message_of(text, std::move(blocks));
}

json::object home_view(const tutoring::stats_screen& shown, language lang)
{
    const auto* stats = &shown.stats;
    const std::string pack = shown.pack.value();
    const std::string& pack_title = shown.pack_title;
    json::array blocks;
    blocks.push_back({{"type", "header"},
                      {"text", plain(say(text::home_title, lang, {arg::str("pack", pack_title)}), max_header_text)}});
    if (stats->answered == 0) {
        blocks.push_back(section(say(text::home_nothing_yet, lang)));
    } else {
        std::string lines =
            format_message(message::stats_due, lang, {arg::num("count", stats->due_now)}) + "\n" +
            format_message(message::stats_mastered, lang,
                           {arg::num("mastered", stats->mastered_concepts),
                            arg::num("total", static_cast<long long>(stats->concepts.size()))}) +
            "\n" +
            format_message(message::stats_seen, lang, {arg::num("seen", stats->seen), arg::num("total", stats->total)});
        blocks.push_back(section(escape_mrkdwn(lines)));
        if (!stats->weakest.empty()) {
            std::string weakest;
            for (const auto& view : stats->weakest) {
                weakest += "• " +
                           format_message(message::stats_concept_line, lang,
                                          {arg::str("label", view.label),
                                           arg::num("percent", std::llround(100.0 * view.mastery))}) +
                           "\n";
            }
            blocks.push_back(
                section("*" + escape_mrkdwn(format_message(message::stats_weakest, lang, {arg::str("list", "")})) +
                        "*\n" + escape_mrkdwn(weakest)));
        }
    }
    json::array buttons{button(tutoring::say(tutoring::text::start_button, lang), start_click{pack, false}, "primary")};
    if (stats->due_now > 0) {
        buttons.push_back(button(tutoring::say(tutoring::text::review_button, lang), start_click{pack, true}));
    }
    blocks.push_back(actions(std::move(buttons)));
    while (blocks.size() > max_view_blocks) {
        blocks.pop_back();
    }
    return {{"type", "home"}, {"blocks", std::move(blocks)}};
}

} // namespace quiz::bot::slack
