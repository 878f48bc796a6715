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

} // namespace

json::object card_message(const tutoring::card_screen& shown, const tutoring::link_base& links,
                          std::string_view heads_up)
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
    json::array blocks{section(header), section(escape_mrkdwn(card.stem)), section(choices),
                       actions(std::move(buttons)), context(guide_link(links, shown.guide))};
    return message_of(engine::render_card(card, shown.shown_at, shown.guide.line), std::move(blocks), heads_up);
}

json::array judgement_blocks(const engine::feedback& told, const engine::feedback_sentences& said,
                             const std::vector<std::string>& notes, const tutoring::guide_section& guide,
                             const tutoring::link_base& links)
{
    std::string verdict =
        std::string(told.correct ? ":white_check_mark: *" : ":x: *") + escape_mrkdwn(said.verdict) + "*";
    if (!told.correct) {
        verdict += "\n" + escape_mrkdwn(said.chosen) + "\n" + escape_mrkdwn(told.chosen.explanation);
    }
    std::string small_print;
    for (const auto& line : notes) {
        small_print += escape_mrkdwn(line) + "\n";
    }
    small_print += guide_link(links, guide);
    return {section(verdict),
            section("*" + escape_mrkdwn(said.answer) + "*\n" + escape_mrkdwn(told.answer.explanation)),
            context(small_print)};
}

json::object feedback_message(const tutoring::feedback_screen& shown, language lang, const tutoring::link_base& links,
                              std::string_view heads_up)
{
    auto blocks = judgement_blocks(shown.told, shown.said, shown.said.what_next, shown.guide, links);
    blocks.push_back(actions(
        json::array{button(tutoring::say(tutoring::text::next_button, lang), next_click{shown.session}, "primary")}));
    return message_of(engine::render_feedback(shown.told, shown.said, shown.guide.line), std::move(blocks), heads_up);
}

json::object summary_message(const tutoring::summary_screen& shown, language lang, std::string_view heads_up)
{
    const std::string summary = engine::joined_lines(shown.lines);
    json::array blocks{section(escape_mrkdwn(summary)),
                       actions(json::array{button(tutoring::say(tutoring::text::start_button, lang),
                                                  start_click{shown.pack.value(), false}, "primary")})};
    return message_of(summary, std::move(blocks), heads_up);
}

json::object stats_message(const tutoring::stats_screen& shown, std::string_view heads_up)
{
    const std::string body = engine::joined_lines(shown.lines);
    return message_of(body, json::array{section(escape_mrkdwn(body))}, heads_up);
}

json::object confirm_message(const tutoring::confirm_screen& question)
{
    json::array blocks{section(escape_mrkdwn(question.question)),
                       actions(json::array{button(question.yes, forget_click{true}, "danger"),
                                           button(question.no, forget_click{false})})};
    return message_of(question.question, std::move(blocks));
}

json::object notice_message(std::string_view text, std::string_view heads_up)
{
    return message_of(text, json::array{section(text)}, heads_up);
}

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
