// SPDX-License-Identifier: MIT
#include "bot/slack/round_blocks.hpp"

#include "bot/slack/action_ids.hpp"
#include "bot/slack/block_limits.hpp"
#include "bot/slack/block_parts.hpp"
#include "bot/slack/texts.hpp"
#include "bot/tutoring/texts.hpp"
#include "engine/text/catalog.hpp"
#include "engine/text/text_render.hpp"

#include <boost/json/array.hpp>

#include <algorithm>
#include <chrono>

namespace quiz::bot::slack {

namespace {

namespace json = boost::json;
using engine::format_message;
using engine::language;
using engine::message;
using stage = tutoring::round_screen::stage;
using arg = engine::message_arg;

constexpr int bar_width = 10;

button_ids round_button(round_click::kind what, engine::round_id round)
{
    return ids_of(round_click{what, round, 0, 0});
}

/// "▇▇▇▇░░░░░░": `count` out of `total`, rounded, at least one cell for a choice someone picked.
std::string bar(int count, int total)
{
    int filled = total > 0 ? (count * bar_width + total / 2) / total : 0;
    if (count > 0 && filled == 0) {
        filled = 1;
    }
    std::string out;
    for (int i = 0; i < bar_width; ++i) {
        out += i < filled ? "\u2587" : "\u2591";
    }
    return out;
}

std::string header_of(const tutoring::round_screen& shown)
{
    const auto lang = shown.lang;
    const std::string title =
        shown.at == stage::ended
            ? format_message(message::round_over, lang, {})
            : format_message(message::card_header_round, lang,
                             {arg::num("position", shown.number), arg::num("planned", shown.questions)});
    std::string out = "*" + escape_mrkdwn(title) + "*";
    if (!shown.host_name.empty()) {
        out += " \u00b7 " +
               escape_mrkdwn(tutoring::say(tutoring::text::round_host, lang, {arg::str("name", shown.host_name)}));
    }
    return out;
}

std::string answered_line(const tutoring::round_screen& shown)
{
    return format_message(message::round_answered, shown.lang,
                          {arg::num("answered", shown.answered), arg::num("players", shown.players)});
}

std::string time_left(const engine::question_card& card, engine::instant now)
{
    const auto seconds =
        card.deadline ? std::max<long long>(0, std::chrono::ceil<std::chrono::seconds>(*card.deadline - now).count())
                      : 0;
    return format_message(message::card_closes_in, card.lang, {arg::num("seconds", seconds)});
}

std::string choices_text(const engine::question_card& card)
{
    std::string out;
    for (std::size_t i = 0; i < card.choices.size(); ++i) {
        out += "*" + letter(static_cast<std::uint32_t>(i)) + ".* " + escape_mrkdwn(card.choices[i]) + "\n";
    }
    return out;
}

std::string distribution_text(const tutoring::round_screen& shown)
{
    const auto& reveal = *shown.reveal;
    int total = 0;
    for (const int n : reveal.distribution) {
        total += n;
    }
    std::string out;
    for (std::size_t i = 0; i < reveal.distribution.size(); ++i) {
        const auto position = static_cast<std::uint32_t>(i);
        out += "`" + bar(reveal.distribution[i], total) + "` " +
               escape_mrkdwn(
                   format_message(message::round_distribution_line, shown.lang,
                                  {arg::str("letter", letter(position)), arg::num("count", reveal.distribution[i])}));
        if (position == reveal.answer.position) {
            out += " :white_check_mark:";
        }
        out += "\n";
    }
    return out;
}

/// The reveal's blocks: the distribution, how it closed, the answer, the most chosen wrong answer, the guide.
void add_reveal(json::array& blocks, const tutoring::round_screen& shown, const tutoring::link_base& links)
{
    const auto lang = shown.lang;
    const auto& reveal = *shown.reveal;
    blocks.push_back(section(distribution_text(shown)));
    blocks.push_back(context(escape_mrkdwn(format_message(engine::closed_message(reveal.closed_by), lang, {}) +
                                           " \u00b7 " + answered_line(shown))));
    blocks.push_back(section("*" +
                             escape_mrkdwn(format_message(message::round_answer, lang,
                                                          {arg::str("letter", letter(reveal.answer.position)),
                                                           arg::str("choice", reveal.answer.text)})) +
                             "*\n" + escape_mrkdwn(reveal.answer.explanation)));
    if (reveal.common_wrong) {
        const auto& wrong = *reveal.common_wrong;
        const auto count = wrong.position < reveal.distribution.size() ? reveal.distribution[wrong.position] : 0;
        std::string text =
            escape_mrkdwn(tutoring::say(tutoring::text::round_common_mistake, lang,
                                        {arg::str("letter", letter(wrong.position)), arg::num("count", count)})) +
            "\n*" + letter(wrong.position) + ".* " + escape_mrkdwn(wrong.text) + "\n" +
            escape_mrkdwn(wrong.explanation);
        if (reveal.common_misconception) {
            text += "\n_" +
                    escape_mrkdwn(format_message(message::round_common_confusion, lang,
                                                 {arg::str("label", *reveal.common_misconception)})) +
                    "_";
        }
        blocks.push_back(section(text));
    }
    if (shown.guide) {
        blocks.push_back(context(guide_link(links, *shown.guide)));
    }
}

/// The scoreboard in sections of at most 3,000 characters, whole lines each, at most `max_sections`.
void add_scores(json::array& blocks, const tutoring::round_screen& shown, std::size_t max_sections)
{
    std::string chunk = "*" + escape_mrkdwn(format_message(message::round_scoreboard_title, shown.lang, {})) + "*\n";
    std::size_t sections = 0;
    for (const auto& line : shown.scores) {
        const auto& s = line.score;
        const std::string text =
            escape_mrkdwn(format_message(message::round_score_line, shown.lang,
                                         {arg::num("rank", s.rank), arg::str("name", line.name),
                                          arg::num("correct", s.correct), arg::num("present", s.present),
                                          arg::num("percent", engine::percent(s.correct, s.present))})) +
            "\n";
        if (character_count(chunk) + character_count(text) > max_section_text && !chunk.empty()) {
            if (++sections == max_sections) {
                break;
            }
            blocks.push_back(section(chunk));
            chunk.clear();
        }
        chunk += text;
    }
    if (!chunk.empty() && sections < max_sections) {
        blocks.push_back(section(chunk));
    }
}

/// The notification text: the same content as plain lines, escaped (Slack reads `text` as mrkdwn).
std::string fallback_of(const tutoring::round_screen& shown, engine::instant now)
{
    const auto lang = shown.lang;
    std::string out;
    if (shown.at == stage::ended) {
        out = format_message(message::round_over, lang, {}) + "\n" +
              format_message(message::round_scoreboard_title, lang, {}) + "\n";
        for (const auto& line : shown.scores) {
            const auto& s = line.score;
            out += format_message(message::round_score_line, lang,
                                  {arg::num("rank", s.rank), arg::str("name", line.name),
                                   arg::num("correct", s.correct), arg::num("present", s.present),
                                   arg::num("percent", engine::percent(s.correct, s.present))}) +
                   "\n";
        }
        if (shown.hardest) {
            out += tutoring::say(tutoring::text::round_hardest, lang, {arg::str("stem", *shown.hardest)});
        }
    } else if (shown.card) {
        out = format_message(message::card_header_round, lang,
                             {arg::num("position", shown.number), arg::num("planned", shown.questions)});
        if (shown.at == stage::open) {
            out += " \u00b7 " + answered_line(shown) + " \u00b7 " + time_left(*shown.card, now);
        }
        out += "\n\n" + shown.card->stem + "\n\n";
        for (std::size_t i = 0; i < shown.card->choices.size(); ++i) {
            out += letter(static_cast<std::uint32_t>(i)) + ". " + shown.card->choices[i] + "\n";
        }
        if (shown.at == stage::revealed && shown.reveal) {
            out += "\n" + engine::render_reveal(*shown.reveal, lang);
        }
    }
    return truncate_mrkdwn(escape_mrkdwn(out), max_fallback_text);
}

} // namespace

json::object round_message(const tutoring::round_screen& shown, const tutoring::link_base& links, engine::instant now)
{
    const auto lang = shown.lang;
    json::array blocks{section(header_of(shown))};
    if (shown.at != stage::ended && shown.card) {
        const auto& card = *shown.card;
        blocks.push_back(section(escape_mrkdwn(card.stem)));
        blocks.push_back(section(choices_text(card)));
        if (shown.at == stage::open) {
            blocks.push_back(context(escape_mrkdwn(answered_line(shown) + " \u00b7 " + time_left(card, now))));
            json::array choices;
            for (std::size_t i = 0; i < card.choices.size(); ++i) {
                const auto position = static_cast<std::uint32_t>(i);
                choices.push_back(
                    button(say(text::choice_button, lang,
                               {arg::str("letter", letter(position)), arg::str("choice", card.choices[i])}),
                           ids_of(round_click{round_click::kind::answer, shown.round, card.sequence, position})));
            }
            blocks.push_back(actions(std::move(choices)));
            blocks.push_back(actions(json::array{button(tutoring::say(tutoring::text::reveal_button, lang),
                                                        round_button(round_click::kind::reveal, shown.round)),
                                                 button(tutoring::say(tutoring::text::end_round_button, lang),
                                                        round_button(round_click::kind::end, shown.round), "danger")}));
        } else if (shown.reveal) {
            add_reveal(blocks, shown, links);
            blocks.push_back(actions(json::array{
                button(say(text::how_did_i_do_button, lang), round_button(round_click::kind::mine, shown.round)),
                button(tutoring::say(tutoring::text::next_button, lang),
                       round_button(round_click::kind::next, shown.round), "primary"),
                button(tutoring::say(tutoring::text::end_round_button, lang),
                       round_button(round_click::kind::end, shown.round), "danger")}));
        }
    }
    if (shown.at == stage::ended) {
        // Header, hardest question and buttons take three blocks; the scoreboard may have the rest.
        add_scores(blocks, shown, max_message_blocks - 3);
        if (shown.hardest) {
            blocks.push_back(section(
                escape_mrkdwn(tutoring::say(tutoring::text::round_hardest, lang, {arg::str("stem", *shown.hardest)}))));
        }
        json::array buttons{button(tutoring::say(tutoring::text::review_misses_button, lang),
                                   round_button(round_click::kind::review, shown.round), "primary")};
        if (shown.reveal) {
            buttons.push_back(
                button(say(text::how_did_i_do_button, lang), round_button(round_click::kind::mine, shown.round)));
        }
        blocks.push_back(actions(std::move(buttons)));
    }
    return message_of(fallback_of(shown, now), std::move(blocks));
}

json::object judged_message(const tutoring::judged_screen& shown, const tutoring::link_base& links)
{
    return message_of(truncate_mrkdwn(escape_mrkdwn(engine::render_feedback(shown.told, shown.said, shown.guide.line)),
                                      max_fallback_text),
                      judgement_blocks(shown.told, shown.said, {}, shown.guide, links));
}

} // namespace quiz::bot::slack
