// SPDX-License-Identifier: MIT
#include "bot/web/play_json.hpp"

#include "bot/tutoring/guide_link.hpp"
#include "bot/tutoring/texts.hpp"
#include "bot/web/markdown.hpp"
#include "engine/text/catalog.hpp"
#include "engine/text/text_render.hpp"
#include "engine/tutor/choice_order.hpp"

#include <boost/json/array.hpp>

#include <cmath>

namespace quiz::bot::web {

namespace {

using engine::format_message;
using engine::message;
using arg = engine::message_arg;

std::string letter(std::uint32_t position) { return std::string(1, engine::choice_letter(position)); }

boost::json::array array_of(const std::vector<std::string>& lines)
{
    boost::json::array out;
    for (const auto& line : lines) {
        out.emplace_back(line);
    }
    return out;
}

/// A titled list of sentences: the first line is the title.
boost::json::object titled_lines(const std::vector<std::string>& lines)
{
    boost::json::object out;
    out["title"] = lines.empty() ? std::string{} : lines.front();
    auto rest = array_of(lines);
    if (!rest.empty()) {
        rest.erase(rest.begin());
    }
    out["lines"] = std::move(rest);
    return out;
}

boost::json::object choice_json(const engine::choice_view& choice)
{
    return {{"position", choice.position},
            {"letter", letter(choice.position)},
            {"text", choice.text},
            {"text_html", render_inline(choice.text)},
            {"explanation", choice.explanation},
            {"explanation_html", render_markdown(choice.explanation)}};
}

/// The guide's section: the line that leads there, its title and its page.
boost::json::object guide_json(const tutoring::guide_section& guide)
{
    return {{"line", guide.line}, {"title", guide.title}, {"url", tutoring::guide_path(guide)}};
}

} // namespace

boost::json::object card_json(const tutoring::card_screen& shown)
{
    const auto& card = shown.card;
    const auto lang = card.lang;
    boost::json::array choices;
    for (std::size_t i = 0; i < card.choices.size(); ++i) {
        choices.push_back(boost::json::object{{"letter", std::string(1, engine::choice_letter(i))},
                                              {"text", card.choices[i]},
                                              {"text_html", render_inline(card.choices[i])}});
    }
    return {
        {"sequence", card.sequence},
        {"question", card.question.value()},
        {"reason", std::string(engine::name(card.reason))},
        {"lang", std::string(engine::code(lang))},
        {"header",
         format_message(engine::card_header(card.reason), lang,
                        {arg::num("position", card.progress.position), arg::num("planned", card.progress.planned)})},
        {"due", format_message(message::card_due_remaining, lang, {arg::num("count", card.progress.due_remaining)})},
        {"note", shown.note.value_or("")},
        {"stem", card.stem},
        {"stem_html", render_markdown(card.stem)},
        {"choices", std::move(choices)},
        {"how_to_answer", format_message(message::card_how_to_answer, lang, {})},
        {"progress",
         {{"position", card.progress.position},
          {"planned", card.progress.planned},
          {"due_remaining", card.progress.due_remaining}}},
        {"guide", guide_json(shown.guide)},
    };
}

boost::json::object feedback_json(const tutoring::feedback_screen& shown)
{
    const auto& told = shown.told;
    boost::json::object out{
        {"correct", told.correct},          {"replayed", shown.replayed},
        {"verdict", shown.said.verdict},    {"chosen", choice_json(told.chosen)},
        {"chosen_line", shown.said.chosen}, {"answer", choice_json(told.answer)},
        {"answer_line", shown.said.answer}, {"notes", array_of(shown.said.what_next)},
        {"guide", guide_json(shown.guide)},
    };
    if (told.misconception_label) {
        out["misconception"] = *told.misconception_label;
    } else {
        out["misconception"] = nullptr;
    }
    return out;
}

boost::json::object summary_json(const tutoring::summary_screen& shown)
{
    auto out = titled_lines(shown.lines);
    out["answered"] = shown.summary.answered;
    out["correct"] = shown.summary.correct;
    return out;
}

boost::json::object stats_json(const tutoring::stats_screen& shown)
{
    const auto& stats = shown.stats;
    auto out = titled_lines(shown.lines);
    boost::json::array concepts;
    for (const auto& c : stats.concepts) {
        concepts.push_back(boost::json::object{{"key", c.key.value()},
                                               {"label", c.label},
                                               {"label_html", render_inline(c.label)},
                                               {"percent", engine::percent(std::llround(c.mastery * 1000.0), 1000)},
                                               {"mastered", c.mastered},
                                               {"answers", c.answers}});
    }
    out["concepts"] = std::move(concepts);
    out["due_now"] = stats.due_now;
    out["seen"] = stats.seen;
    out["total"] = stats.total;
    out["answered"] = stats.answered;
    out["correct"] = stats.correct;
    out["mastered_concepts"] = stats.mastered_concepts;
    out["streak_days"] = stats.streak_days;
    return out;
}

namespace {

const char* stage_name(tutoring::round_screen::stage at)
{
    switch (at) {
    case tutoring::round_screen::stage::open:
        return "open";
    case tutoring::round_screen::stage::revealed:
        return "revealed";
    case tutoring::round_screen::stage::ended:
        break;
    }
    return "ended";
}

boost::json::object reveal_json(const tutoring::round_screen& shown)
{
    const auto lang = shown.lang;
    const auto& reveal = *shown.reveal;
    boost::json::array distribution;
    for (std::size_t i = 0; i < reveal.distribution.size(); ++i) {
        const auto position = static_cast<std::uint32_t>(i);
        distribution.push_back(boost::json::object{
            {"letter", letter(position)},
            {"count", reveal.distribution[i]},
            {"line", format_message(message::round_distribution_line, lang,
                                    {arg::str("letter", letter(position)), arg::num("count", reveal.distribution[i])})},
            {"text_html", shown.card && i < shown.card->choices.size() ? render_inline(shown.card->choices[i]) : ""},
            {"correct", position == reveal.answer.position}});
    }
    boost::json::object out{
        {"closed_line", format_message(engine::closed_message(reveal.closed_by), lang, {})},
        {"distribution", std::move(distribution)},
        {"answer", choice_json(reveal.answer)},
        {"answer_line",
         format_message(message::round_answer, lang,
                        {arg::str("letter", letter(reveal.answer.position)), arg::str("choice", reveal.answer.text)})},
        // The choice's own Markdown (inline code, say) rendered, every character escaped.
        {"answer_line_html", render_inline(format_message(message::round_answer, lang,
                                                          {arg::str("letter", letter(reveal.answer.position)),
                                                           arg::str("choice", reveal.answer.text)}))},
        {"common", nullptr},
    };
    if (reveal.common_wrong) {
        const auto count = reveal.distribution[reveal.common_wrong->position];
        boost::json::object common = choice_json(*reveal.common_wrong);
        common["line"] =
            tutoring::say(tutoring::text::round_common_mistake, lang,
                          {arg::str("letter", letter(reveal.common_wrong->position)), arg::num("count", count)});
        common["confusion"] = reveal.common_misconception
                                  ? format_message(message::round_common_confusion, lang,
                                                   {arg::str("label", *reveal.common_misconception)})
                                  : std::string{};
        out["common"] = std::move(common);
    }
    if (shown.guide) {
        out["guide"] = guide_json(*shown.guide);
    }
    return out;
}

boost::json::array scores_json(const tutoring::round_screen& shown)
{
    boost::json::array scores;
    for (const auto& line : shown.scores) {
        const auto& s = line.score;
        const auto pct = engine::percent(s.correct, s.present);
        scores.push_back(boost::json::object{
            {"rank", s.rank},
            {"name", line.name},
            {"correct", s.correct},
            {"present", s.present},
            {"percent", pct},
            {"line",
             format_message(message::round_score_line, shown.lang,
                            {arg::num("rank", s.rank), arg::str("name", line.name), arg::num("correct", s.correct),
                             arg::num("present", s.present), arg::num("percent", pct)})}});
    }
    return scores;
}

} // namespace

boost::json::object round_json(const tutoring::round_screen& shown)
{
    using tutoring::say;
    using tutoring::text;
    const auto lang = shown.lang;
    boost::json::object out{
        {"round", shown.round.value()},
        {"room", shown.channel},
        {"lang", std::string(engine::code(lang))},
        {"stage", stage_name(shown.at)},
        {"revision", shown.revision},
        {"host_name", shown.host_name},
        {"host_line", say(text::round_host, lang, {arg::str("name", shown.host_name)})},
        {"number", shown.number},
        {"questions", shown.questions},
        {"header", format_message(message::card_header_round, lang,
                                  {arg::num("position", shown.number), arg::num("planned", shown.questions)})},
        {"answered", shown.answered},
        {"players", shown.players},
        {"answered_line", format_message(message::round_answered, lang,
                                         {arg::num("answered", shown.answered), arg::num("players", shown.players)})},
        {"card", nullptr},
        {"reveal", nullptr},
        {"labels",
         {{"reveal", say(text::reveal_button, lang)},
          {"next", say(text::next_button, lang)},
          {"end", say(text::end_round_button, lang)},
          {"review", say(text::review_misses_button, lang)}}},
    };
    if (shown.card) {
        boost::json::array choices;
        for (std::size_t i = 0; i < shown.card->choices.size(); ++i) {
            choices.push_back(boost::json::object{{"letter", letter(static_cast<std::uint32_t>(i))},
                                                  {"text_html", render_inline(shown.card->choices[i])}});
        }
        const auto deadline = shown.card->deadline ? shown.card->deadline->time_since_epoch().count() : std::int64_t{0};
        out["card"] = {{"sequence", shown.card->sequence},
                       {"stem_html", render_markdown(shown.card->stem)},
                       {"choices", std::move(choices)},
                       {"deadline_ms", deadline}};
    }
    if (shown.reveal) {
        out["reveal"] = reveal_json(shown);
    }
    if (shown.at == tutoring::round_screen::stage::ended) {
        out["over"] = format_message(message::round_over, lang, {});
        out["scoreboard_title"] = format_message(message::round_scoreboard_title, lang, {});
        out["scores"] = scores_json(shown);
        out["hardest_line"] = shown.hardest ? say(text::round_hardest, lang, {arg::str("stem", *shown.hardest)})
                                            : std::string{};
    }
    return out;
}

boost::json::object judged_json(const tutoring::judged_screen& shown)
{
    const auto& told = shown.told;
    return {{"correct", told.correct},
            {"verdict", shown.said.verdict},
            {"chosen", choice_json(told.chosen)},
            {"answer", choice_json(told.answer)},
            {"misconception", told.misconception_label ? boost::json::value(*told.misconception_label) : nullptr},
            {"guide", guide_json(shown.guide)}};
}

boost::json::object pack_json(const engine::pack& content, engine::language lang)
{
    boost::json::array sections;
    for (const auto& s : content.sections) {
        const std::string* title = s.title.best(lang);
        sections.push_back(boost::json::object{{"key", s.key.value()},
                                               {"title", title != nullptr ? *title : s.key.value()},
                                               {"url", tutoring::guide_path({content.key, s.key, {}, lang, {}})}});
    }
    boost::json::array languages;
    for (const auto l : content.languages) {
        languages.emplace_back(engine::code(l));
    }
    const std::string* title = content.title.best(lang);
    const std::string* description = content.description.best(lang);
    return {{"key", content.key.value()},
            {"title", title != nullptr ? *title : content.key.value()},
            {"description", description != nullptr ? *description : std::string{}},
            {"languages", std::move(languages)},
            {"sections", std::move(sections)}};
}

} // namespace quiz::bot::web
