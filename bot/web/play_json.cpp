// SPDX-License-Identifier: MIT
#include "bot/web/play_json.hpp"

#include "bot/http/url_encoding.hpp"
#include "bot/web/markdown.hpp"
#include "engine/catalog.hpp"
#include "engine/choice_order.hpp"
#include "engine/text_render.hpp"

#include <boost/json/array.hpp>

#include <cmath>

namespace quiz::bot::web {

namespace {

using engine::format_message;
using engine::message;
using arg = engine::message_arg;

std::string letter(std::uint32_t position) { return std::string(1, engine::choice_letter(position)); }

/// The engine's plain-text renderings, one sentence per line: the page shows them as a list.
boost::json::array lines_of(const std::string& text)
{
    boost::json::array lines;
    std::size_t start = 0;
    while (start < text.size()) {
        auto end = text.find('\n', start);
        if (end == std::string::npos) {
            end = text.size();
        }
        if (end > start) {
            lines.emplace_back(text.substr(start, end - start));
        }
        start = end + 1;
    }
    return lines;
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

} // namespace

std::string guide_url(std::string_view pack, std::string_view section, engine::language lang)
{
    return "/guide/" + http::percent_encode(pack) + "/" + http::percent_encode(section) + "?lang=" +
           std::string(engine::code(lang));
}

boost::json::object card_json(const engine::question_card& card, std::string_view pack)
{
    const auto lang = card.lang;
    boost::json::array choices;
    for (std::size_t i = 0; i < card.choices.size(); ++i) {
        choices.push_back(boost::json::object{{"letter", std::string(1, engine::choice_letter(i))},
                                              {"text", card.choices[i]},
                                              {"text_html", render_inline(card.choices[i])}});
    }
    std::string note;
    if (card.reason == engine::pick_reason::follow_up && card.misconception_label) {
        note = format_message(message::card_follow_up_note, lang, {arg::str("label", *card.misconception_label)});
    } else if (card.reason == engine::pick_reason::practice) {
        note = format_message(message::card_practice_note, lang, {});
    } else if (card.reason == engine::pick_reason::retry) {
        note = format_message(message::card_retry_note, lang, {});
    }
    return {
        {"sequence", card.sequence},
        {"question", card.question.value()},
        {"reason", std::string(engine::name(card.reason))},
        {"lang", std::string(engine::code(lang))},
        {"header", format_message(engine::card_header(card.reason), lang,
                                  {arg::num("position", card.progress.position),
                                   arg::num("planned", card.progress.planned)})},
        {"due", format_message(message::card_due_remaining, lang,
                               {arg::num("count", card.progress.due_remaining)})},
        {"note", note},
        {"stem", card.stem},
        {"stem_html", render_markdown(card.stem)},
        {"choices", std::move(choices)},
        {"how_to_answer", format_message(message::card_how_to_answer, lang, {})},
        {"progress",
         {{"position", card.progress.position},
          {"planned", card.progress.planned},
          {"due_remaining", card.progress.due_remaining}}},
        {"guide",
         {{"line", format_message(message::card_guide, lang, {arg::str("section", card.section_title)})},
          {"title", card.section_title},
          {"url", guide_url(pack, card.section.value(), lang)}}},
    };
}

boost::json::object feedback_json(const engine::feedback& told, engine::language lang, std::string_view pack)
{
    const std::string chosen_line = told.correct ? std::string{} : engine::render_chosen(told, lang);
    boost::json::array notes;
    if (told.follow_up_next) {
        notes.emplace_back(format_message(message::feedback_follow_up, lang, {}));
    }
    if (told.retry_in_session) {
        notes.emplace_back(format_message(message::feedback_retry, lang, {}));
    }
    if (told.interval_days > 0) {
        notes.emplace_back(format_message(message::feedback_comes_back, lang, {arg::num("days", told.interval_days)}));
    }
    boost::json::object out{
        {"correct", told.correct},
        {"replayed", told.replayed},
        {"verdict", format_message(told.correct ? message::feedback_right : message::feedback_wrong, lang, {})},
        {"chosen", choice_json(told.chosen)},
        {"chosen_line", chosen_line},
        {"answer", choice_json(told.answer)},
        {"answer_line", format_message(message::feedback_answer, lang,
                                       {arg::str("letter", letter(told.answer.position)),
                                        arg::str("choice", told.answer.text)})},
        {"notes", std::move(notes)},
        {"guide",
         {{"line", format_message(message::feedback_guide, lang, {arg::str("section", told.section_title)})},
          {"title", told.section_title},
          {"url", guide_url(pack, told.section.value(), lang)}}},
    };
    if (told.misconception_label) {
        out["misconception"] = *told.misconception_label;
    } else {
        out["misconception"] = nullptr;
    }
    return out;
}

boost::json::object summary_json(const engine::session_summary& summary, engine::language lang, engine::instant now)
{
    auto lines = lines_of(engine::render_summary(summary, lang, now));
    boost::json::object out;
    out["title"] = lines.empty() ? boost::json::value("") : lines.front();
    if (!lines.empty()) {
        lines.erase(lines.begin());
    }
    out["lines"] = std::move(lines);
    out["answered"] = summary.answered;
    out["correct"] = summary.correct;
    return out;
}

boost::json::object stats_json(const engine::learner_stats& stats, std::string_view pack_title, engine::language lang,
                               engine::instant now)
{
    auto lines = lines_of(engine::render_stats(stats, pack_title, lang, now));
    boost::json::object out;
    out["title"] = lines.empty() ? boost::json::value("") : lines.front();
    if (!lines.empty()) {
        lines.erase(lines.begin());
    }
    out["lines"] = std::move(lines);
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

boost::json::object pack_json(const engine::pack& content, engine::language lang)
{
    boost::json::array sections;
    for (const auto& s : content.sections) {
        const std::string* title = s.title.best(lang);
        sections.push_back(boost::json::object{{"key", s.key.value()},
                                               {"title", title != nullptr ? *title : s.key.value()},
                                               {"url", guide_url(content.key.value(), s.key.value(), lang)}});
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
