// SPDX-License-Identifier: MIT
#include "bot/tutoring/class_report_screen.hpp"

#include "engine/text/catalog.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

namespace quiz::bot::tutoring {

namespace {

using engine::language;
using arg = engine::message_arg;

enum class report_line : unsigned char {
    learners,
    answers,
    answers_without_first,
    hardest,
    hard_question,
    misconceptions,
    misconception,
    need_help,
    learner_in_need,
    learner_in_need_overdue,
    more_in_need,
    nobody_in_need,
    too_few,
};

// In the order of the enum; French typography as in the engine's catalogue.
// clang-format off
constexpr std::array<engine::bilingual, 13> report_lines{{
    {"Learners: {active} active in the last 7 days, {learners} in all.",
     "Apprenants\u00a0: {active} {active, plural, one {actif} other {actifs}} ces 7 derniers jours, {learners} en "
     "tout."},
    {"Answers: {answers}; first attempts right: {accuracy}.",
     "Réponses\u00a0: {answers}\u00a0; premières tentatives justes\u00a0: {accuracy}."},
    {"Answers: {answers}.", "Réponses\u00a0: {answers}."},
    {"Hardest questions (first attempts):", "Questions les plus difficiles (premières tentatives)\u00a0:"},
    {"{key}: {excerpt} ({facility} right of {n})", "{key}\u00a0: {excerpt} ({facility} de justes sur {n})"},
    {"Most chosen misconceptions (first attempts):", "Idées fausses les plus choisies (premières tentatives)\u00a0:"},
    {"{label}: chosen {chosen} times out of {out_of}", "{label}\u00a0: choisie {chosen}\u00a0fois sur {out_of}"},
    {"Learners needing help:", "Apprenants à aider\u00a0:"},
    {"{name}: mastery {mastery}", "{name}\u00a0: maîtrise {mastery}"},
    {"{name}: mastery {mastery}, {overdue} overdue {overdue, plural, one {review} other {reviews}}",
     "{name}\u00a0: maîtrise {mastery}, {overdue}\u00a0{overdue, plural, one {révision en retard} other {révisions en "
     "retard}}"},
    {"…and {count} more on the dashboard.", "…et {count}\u00a0de plus sur le tableau de bord."},
    {"Nobody needs help for now.", "Personne n’a besoin d’aide pour l’instant."},
    {"(Questions and misconceptions are named from {min} first answers.)",
     "(Questions et idées fausses sont citées à partir de {min}\u00a0premières réponses.)"},
}};
// clang-format on

/// Learners named in the chat; the dashboard lists them all.
constexpr std::size_t shown_in_need = 5;

std::string say(report_line l, language lang, std::initializer_list<arg> args = {})
{
    return engine::say_in(report_lines, l, lang, args);
}

std::string percent(double share, language lang)
{
    return fmt::format("{:.0f}{}%", share * 100, lang == language::fr ? "\u00a0" : "");
}

std::string label_of(const engine::pack_index& index, const engine::misconception_key& key, language lang)
{
    if (const auto i = index.find(key)) {
        if (const auto* label = index.content().misconceptions[*i].label.best(lang)) {
            return *label;
        }
    }
    return key.value();
}

} // namespace

std::vector<std::string> class_report_lines(const engine::class_summary& summary, const engine::pack_index& index,
                                            language lang)
{
    std::vector<std::string> out;
    out.push_back(
        say(report_line::learners, lang, {arg::num("active", summary.active), arg::num("learners", summary.learners)}));
    out.push_back(
        summary.first_accuracy
            ? say(report_line::answers, lang,
                  {arg::num("answers", summary.answers), arg::str("accuracy", percent(*summary.first_accuracy, lang))})
            : say(report_line::answers_without_first, lang, {arg::num("answers", summary.answers)}));
    if (!summary.hardest.empty()) {
        out.push_back(say(report_line::hardest, lang));
        for (const auto& q : summary.hardest) {
            out.push_back(say(report_line::hard_question, lang,
                              {arg::str("key", q.key.value()), arg::str("excerpt", q.excerpt),
                               arg::str("facility", percent(q.facility, lang)), arg::num("n", q.first_answers)}));
        }
    }
    if (!summary.misconceptions.empty()) {
        out.push_back(say(report_line::misconceptions, lang));
        for (const auto& m : summary.misconceptions) {
            out.push_back(say(report_line::misconception, lang,
                              {arg::str("label", label_of(index, m.key, lang)), arg::num("chosen", m.chosen),
                               arg::num("out_of", m.out_of)}));
        }
    }
    out.push_back(say(report_line::need_help, lang));
    const auto named = std::min(summary.need_help.size(), shown_in_need);
    for (std::size_t i = 0; i < named; ++i) {
        const auto& who = summary.need_help[i];
        const std::string name = who.name.empty() ? who.identity.platform + ":" + who.identity.external_id : who.name;
        out.push_back(who.overdue > 0 ? say(report_line::learner_in_need_overdue, lang,
                                            {arg::str("name", name), arg::str("mastery", percent(who.mastery, lang)),
                                             arg::num("overdue", who.overdue)})
                                      : say(report_line::learner_in_need, lang,
                                            {arg::str("name", name), arg::str("mastery", percent(who.mastery, lang))}));
    }
    if (summary.need_help.size() > named) {
        out.push_back(say(report_line::more_in_need, lang,
                          {arg::num("count", static_cast<long long>(summary.need_help.size() - named))}));
    }
    if (summary.need_help.empty()) {
        out.push_back(say(report_line::nobody_in_need, lang));
    }
    out.push_back(say(report_line::too_few, lang, {arg::num("min", engine::summary_options{}.min_first_answers)}));
    return out;
}

} // namespace quiz::bot::tutoring
