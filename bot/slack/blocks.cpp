// SPDX-License-Identifier: MIT
#include "bot/slack/blocks.hpp"

#include "bot/slack/block_limits.hpp"
#include "bot/slack/texts.hpp"
#include "bot/web/play_json.hpp"
#include "engine/catalog.hpp"
#include "engine/choice_order.hpp"
#include "engine/text_render.hpp"

#include <boost/json/array.hpp>

#include <charconv>
#include <cmath>

namespace quiz::bot::slack {

namespace {

namespace json = boost::json;
using engine::format_message;
using engine::language;
using engine::message;
using arg = engine::message_arg;

std::string letter(std::uint32_t position)
{
    return std::string(1, engine::choice_letter(position));
}

json::object mrkdwn(std::string_view text, std::size_t limit)
{
    return {{"type", "mrkdwn"}, {"text", truncate_mrkdwn(text, limit)}};
}

json::object plain(std::string_view text, std::size_t limit)
{
    return {{"type", "plain_text"}, {"text", truncate_text(text, limit)}, {"emoji", false}};
}

json::object section(std::string_view text)
{
    return {{"type", "section"}, {"text", mrkdwn(text, max_section_text)}};
}

json::object context(std::string_view text)
{
    return {{"type", "context"}, {"elements", json::array{mrkdwn(text, max_context_text)}}};
}

json::object button(std::string_view label, std::string_view action_id, std::string_view value,
                    std::string_view style = {})
{
    json::object b{{"type", "button"},
                   {"text", plain(label, max_button_text)},
                   {"action_id", truncate_text(action_id, max_action_id)},
                   {"value", std::string(value.substr(0, max_button_value))}};
    if (!style.empty()) {
        b["style"] = style;
    }
    return b;
}

json::object actions(json::array elements)
{
    while (elements.size() > max_actions_elements) {
        elements.pop_back();
    }
    return {{"type", "actions"}, {"elements", std::move(elements)}};
}

/// A mrkdwn link; the label is escaped, and '|' and '>' cannot end the URL early once escaped.
std::string link(std::string_view url, std::string_view label)
{
    std::string safe_url;
    for (const char c : url) {
        if (c == '|') {
            safe_url += "%7C";
        } else if (c == '>') {
            safe_url += "%3E";
        } else {
            safe_url.push_back(c);
        }
    }
    return "<" + safe_url + "|" + escape_mrkdwn(label) + ">";
}

std::string guide_link(const link_base& links, std::string_view pack, const engine::section_key& section,
                       std::string_view line, language lang)
{
    return link(links.public_url + web::guide_url(pack, section.value(), lang), line);
}

/// A message: fallback text for notifications and clients without blocks, at most 50 blocks.
json::object message_of(std::string_view fallback, json::array blocks)
{
    while (blocks.size() > max_message_blocks) {
        blocks.pop_back();
    }
    return {{"text", truncate_text(fallback, max_fallback_text)}, {"blocks", std::move(blocks)}};
}

std::string decimal(std::int64_t n)
{
    return std::to_string(n);
}

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

} // namespace

std::string format_answer_value(const answer_value& v)
{
    return decimal(v.session.value()) + ":" + decimal(v.sequence) + ":" + decimal(v.position);
}

std::optional<answer_value> parse_answer_value(std::string_view text)
{
    const auto first = text.find(':');
    const auto second = first == std::string_view::npos ? first : text.find(':', first + 1);
    if (second == std::string_view::npos) {
        return std::nullopt;
    }
    const auto session = parse_number<std::int64_t>(text.substr(0, first));
    const auto sequence = parse_number<std::uint32_t>(text.substr(first + 1, second - first - 1));
    const auto position = parse_number<std::uint32_t>(text.substr(second + 1));
    if (!session || *session <= 0 || !sequence || !position) {
        return std::nullopt;
    }
    return answer_value{engine::session_id{*session}, *sequence, *position};
}

std::optional<engine::session_id> parse_session_value(std::string_view text)
{
    const auto session = parse_number<std::int64_t>(text);
    if (!session || *session <= 0) {
        return std::nullopt;
    }
    return engine::session_id{*session};
}

json::object card_message(const engine::question_card& card, engine::session_id session, std::string_view pack,
                          const link_base& links, engine::instant now)
{
    const language lang = card.lang;
    const auto position = arg::num("position", card.progress.position);
    const auto planned = arg::num("planned", card.progress.planned);
    std::string header =
        "*" + format_message(engine::card_header(card.reason), lang, {position, planned}) + "* · " +
        format_message(message::card_due_remaining, lang, {arg::num("count", card.progress.due_remaining)});
    if (card.reason == engine::pick_reason::follow_up && card.misconception_label) {
        header += "\n" + escape_mrkdwn(format_message(message::card_follow_up_note, lang,
                                                      {arg::str("label", *card.misconception_label)}));
    } else if (card.reason == engine::pick_reason::practice) {
        header += "\n" + format_message(message::card_practice_note, lang, {});
    } else if (card.reason == engine::pick_reason::retry) {
        header += "\n" + format_message(message::card_retry_note, lang, {});
    }
    std::string choices;
    json::array buttons;
    for (std::size_t i = 0; i < card.choices.size(); ++i) {
        const auto pos = static_cast<std::uint32_t>(i);
        choices += "*" + letter(pos) + ".* " + escape_mrkdwn(card.choices[i]) + "\n";
        buttons.push_back(button(
            say(text::choice_button, lang, {arg::str("letter", letter(pos)), arg::str("choice", card.choices[i])}),
            std::string(action_answer_prefix) + letter(pos), format_answer_value({session, card.sequence, pos})));
    }
    json::array blocks{
        section(header), section(escape_mrkdwn(card.stem)), section(choices), actions(std::move(buttons)),
        context(guide_link(links, pack, card.section,
                           format_message(message::card_guide, lang, {arg::str("section", card.section_title)}),
                           lang))};
    return message_of(engine::render_card(card, now), std::move(blocks));
}

json::object feedback_message(const engine::feedback& told, language lang, engine::session_id session,
                              std::string_view pack, const link_base& links)
{
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
    if (told.follow_up_next) {
        when += format_message(message::feedback_follow_up, lang, {}) + "\n";
    }
    if (told.retry_in_session) {
        when += format_message(message::feedback_retry, lang, {}) + "\n";
    }
    if (told.interval_days > 0) {
        when += format_message(message::feedback_comes_back, lang, {arg::num("days", told.interval_days)}) + "\n";
    }
    when += guide_link(links, pack, told.section,
                       format_message(message::feedback_guide, lang, {arg::str("section", told.section_title)}), lang);
    blocks.push_back(context(when));
    blocks.push_back(
        actions(json::array{button(say(text::button_next, lang), action_next, decimal(session.value()), "primary")}));
    return message_of(engine::render_feedback(told, lang), std::move(blocks));
}

json::object session_message(const engine::session_outcome& outcome, std::string_view pack, const link_base& links,
                             engine::instant now)
{
    if (outcome.card) {
        return card_message(*outcome.card, outcome.session, pack, links, now);
    }
    const std::string summary = outcome.summary ? engine::render_summary(*outcome.summary, outcome.lang, now)
                                                : format_message(message::answer_no_session, outcome.lang, {});
    json::array blocks{
        section(escape_mrkdwn(summary)),
        actions(json::array{button(say(text::button_start, outcome.lang), action_start, pack, "primary")})};
    return message_of(summary, std::move(blocks));
}

json::object stats_message(const engine::learner_stats& stats, std::string_view pack_title, language lang,
                           engine::instant now)
{
    const std::string body = engine::render_stats(stats, pack_title, lang, now);
    return message_of(body, json::array{section(escape_mrkdwn(body))});
}

json::object notice_message(std::string_view text)
{
    return message_of(text, json::array{section(text)});
}

json::object home_view(const std::optional<engine::learner_stats>& stats, std::string_view pack,
                       std::string_view pack_title, language lang, engine::instant now)
{
    (void)now;
    json::array blocks;
    blocks.push_back(
        {{"type", "header"},
         {"text", plain(say(text::home_title, lang, {arg::str("pack", std::string(pack_title))}), max_header_text)}});
    if (!stats || stats->answered == 0) {
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
    json::array buttons{button(say(text::button_start, lang), action_start, pack, "primary")};
    if (stats && stats->due_now > 0) {
        buttons.push_back(button(say(text::button_review, lang), action_review, pack));
    }
    blocks.push_back(actions(std::move(buttons)));
    while (blocks.size() > max_view_blocks) {
        blocks.pop_back();
    }
    return {{"type", "home"}, {"blocks", std::move(blocks)}};
}

} // namespace quiz::bot::slack
