// SPDX-License-Identifier: MIT
#include "bot/discord/round_render.hpp"

#include "bot/discord/component_ids.hpp"
#include "bot/discord/render_parts.hpp"
#include "bot/discord/texts.hpp"
#include "bot/tutoring/texts.hpp"
#include "engine/text/catalog.hpp"
#include "engine/text/text_render.hpp"
#include "engine/tutor/choice_order.hpp"

#include <algorithm>
#include <chrono>

namespace quiz::bot::discord {

namespace {

namespace json = boost::json;
using engine::format_message;
using msg = engine::message;
using arg = engine::message_arg;
using stage = tutoring::round_screen::stage;

std::string letter(std::uint32_t position) { return std::string(1, engine::choice_letter(position)); }

std::string host_line(const tutoring::round_screen& shown)
{
    return tutoring::say(tutoring::text::round_host, shown.lang, {arg::str("name", plain_name(shown.host_name))});
}

std::string answered_line(const tutoring::round_screen& shown)
{
    return format_message(msg::round_answered, shown.lang,
                          {arg::num("answered", shown.answered), arg::num("players", shown.players)});
}

/// The question: its header and host, the stem, every choice written out.
std::string question_text(const tutoring::round_screen& shown)
{
    std::string out = "**" +
                      format_message(msg::card_header_round, shown.lang,
                                     {arg::num("position", shown.number), arg::num("planned", shown.questions)}) +
                      "** · " + host_line(shown) + "\n";
    if (!shown.card) {
        return out;
    }
    out += "\n" + shown.card->stem + "\n\n";
    for (std::size_t i = 0; i < shown.card->choices.size(); ++i) {
        out += choice_label(i, shown.card->choices[i]) + "\n";
    }
    return out;
}

std::string open_text(const tutoring::round_screen& shown)
{
    std::string out = answered_line(shown);
    if (shown.card && shown.card->deadline) {
        const auto unix_seconds =
            std::chrono::floor<std::chrono::seconds>(shown.card->deadline->time_since_epoch()).count();
        out += " · " + closes_text(shown.lang, unix_seconds);
    }
    return out + "\n";
}

std::string reveal_text(const tutoring::round_screen& shown, const tutoring::link_base& links)
{
    const auto lang = shown.lang;
    const auto& reveal = *shown.reveal;
    std::string out =
        format_message(engine::closed_message(reveal.closed_by), lang, {}) + " " + answered_line(shown) + "\n";
    for (std::size_t i = 0; i < reveal.distribution.size(); ++i) {
        const auto position = static_cast<std::uint32_t>(i);
        out += "`" + text_bar(reveal.distribution[i], reveal.answered) + "` " +
               format_message(msg::round_distribution_line, lang,
                              {arg::str("letter", letter(position)), arg::num("count", reveal.distribution[i])}) +
               (position == reveal.answer.position ? " \u2705" : "") + "\n";
    }
    out +=
        "\n\u2705 " +
        format_message(msg::round_answer, lang,
                       {arg::str("letter", letter(reveal.answer.position)), arg::str("choice", reveal.answer.text)}) +
        "\n" + reveal.answer.explanation + "\n";
    if (reveal.common_wrong) {
        const auto position = reveal.common_wrong->position;
        const int count = position < reveal.distribution.size() ? reveal.distribution[position] : 0;
        out += "\n" +
               tutoring::say(tutoring::text::round_common_mistake, lang,
                             {arg::str("letter", letter(position)), arg::num("count", count)}) +
               "\n" + reveal.common_wrong->explanation + "\n";
        if (reveal.common_misconception) {
            out +=
                format_message(msg::round_common_confusion, lang, {arg::str("label", *reveal.common_misconception)}) +
                "\n";
        }
    }
    if (shown.guide) {
        out += "\n" + masked_link(shown.guide->line, tutoring::guide_url(links, *shown.guide)) + "\n";
    }
    return out;
}

std::string scoreboard_text(const tutoring::round_screen& shown)
{
    const auto lang = shown.lang;
    std::string board = "**" + format_message(msg::round_over, lang, {}) + "** · " + host_line(shown) + "\n\n**" +
                        format_message(msg::round_scoreboard_title, lang, {}) + "**\n";
    for (const auto& line : shown.scores) {
        const auto& s = line.score;
        board += format_message(msg::round_score_line, lang,
                                {arg::num("rank", s.rank), arg::str("name", plain_name(line.name)),
                                 arg::num("correct", s.correct), arg::num("present", s.present),
                                 arg::num("percent", engine::percent(s.correct, s.present))}) +
                 "\n";
    }
    if (!shown.hardest) {
        return board;
    }
    // A hundred players do not fit in a message: the bottom of the board gives way, never the hardest question.
    const auto hardest =
        clip(tutoring::say(tutoring::text::round_hardest, lang, {arg::str("stem", *shown.hardest)}), max_content / 2);
    return fitted(board, hardest + "\n");
}

round_button control(round_button::kind what, const tutoring::round_screen& shown, std::uint32_t sequence)
{
    return round_button{what, shown.round, sequence, 0};
}

json::array components(const tutoring::round_screen& shown)
{
    const auto lang = shown.lang;
    const std::uint32_t sequence = shown.card ? shown.card->sequence
                                              : static_cast<std::uint32_t>(std::max(1, shown.number));
    using kind = round_button::kind;
    if (shown.at == stage::ended) {
        return json::array{
            row(json::array{make_button(tutoring::say(tutoring::text::review_misses_button, lang),
                                        round_custom_id(control(kind::review, shown, sequence)), primary)})};
    }
    std::vector<json::object> choices;
    if (shown.card) {
        for (std::size_t i = 0; i < shown.card->choices.size(); ++i) {
            const auto position = static_cast<std::uint32_t>(i);
            const bool revealed = shown.at == stage::revealed;
            const bool right = revealed && shown.reveal && shown.reveal->answer.position == position;
            choices.push_back(make_button(choice_label(i, shown.card->choices[i]),
                                          round_custom_id({kind::answer, shown.round, sequence, position}),
                                          right ? success : secondary, revealed));
        }
    }
    auto out = rows_of(choices, max_rows - 1);
    json::array controls;
    if (shown.at == stage::open) {
        controls.push_back(make_button(tutoring::say(tutoring::text::reveal_button, lang),
                                       round_custom_id(control(kind::reveal, shown, sequence)), primary));
    } else if (shown.number < shown.questions) {
        controls.push_back(make_button(tutoring::say(tutoring::text::next_button, lang),
                                       round_custom_id(control(kind::next, shown, sequence)), primary));
    }
    controls.push_back(make_button(tutoring::say(tutoring::text::end_round_button, lang),
                                   round_custom_id(control(kind::end, shown, sequence)), secondary));
    out.push_back(row(std::move(controls)));
    return out;
}

} // namespace

std::string plain_name(std::string_view name)
{
    constexpr std::string_view markdown = "\\*_~`|>#-[]()<:";
    std::string out;
    for (const char c : name) {
        if (c == '\n' || c == '\r') {
            out += ' ';
        } else if (c == '@') {
            out += "@\u200b"; // "@everyone" and "@here" shown, not announced
        } else {
            if (markdown.find(c) != std::string_view::npos) {
                out += '\\';
            }
            out += c;
        }
    }
    return out;
}

std::string text_bar(int count, int total)
{
    constexpr int cells = 10;
    const int full = total > 0 ? std::clamp((count * cells + total / 2) / total, 0, cells) : 0;
    std::string out;
    for (int i = 0; i < cells; ++i) {
        out += i < full ? "\u2588" : "\u2591";
    }
    return out;
}

json::object round_message(const tutoring::round_screen& shown, const tutoring::link_base& links)
{
    std::string content;
    switch (shown.at) {
    case stage::open:
        content = fitted(question_text(shown), open_text(shown));
        break;
    case stage::revealed:
        content = shown.reveal ? fitted(question_text(shown), reveal_text(shown, links)) : question_text(shown);
        break;
    case stage::ended:
        content = scoreboard_text(shown);
        break;
    }
    return message(std::move(content), components(shown));
}

} // namespace quiz::bot::discord
