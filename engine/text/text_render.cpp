// SPDX-License-Identifier: MIT
#include "engine/text/text_render.hpp"

#include "engine/tutor/choice_order.hpp"

#include <cmath>

namespace quiz::engine {

namespace {

using arg = message_arg;

std::string letter(std::uint32_t position) { return std::string(1, choice_letter(position)); }

long long days_until(instant from, instant to) { return std::max(0, fsrs::calendar_days_between(from, to)); }

std::string join(const std::vector<std::string>& items)
{
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        out += i == 0 ? "" : ", ";
        out += items[i];
    }
    return out;
}

} // namespace

std::string joined_lines(const std::vector<std::string>& lines)
{
    std::string out;
    for (const auto& line : lines) {
        out += line + '\n';
    }
    return out;
}

message card_header(pick_reason reason) noexcept
{
    switch (reason) {
    case pick_reason::review:
        return message::card_header_review;
    case pick_reason::fresh:
        return message::card_header_new;
    case pick_reason::retry:
        return message::card_header_retry;
    case pick_reason::follow_up:
        return message::card_header_follow_up;
    case pick_reason::practice:
        return message::card_header_practice;
    }
    return message::card_header_round;
}

long long percent(long long part, long long whole) noexcept
{
    if (whole <= 0) {
        return 0;
    }
    return static_cast<long long>(std::llround(100.0 * static_cast<double>(part) / static_cast<double>(whole)));
}

std::optional<std::string> card_note(const question_card& card)
{
    if (card.reason == pick_reason::follow_up && card.misconception_label) {
        return format_message(message::card_follow_up_note, card.lang, {arg::str("label", *card.misconception_label)});
    }
    if (card.reason == pick_reason::practice && !card.deadline) {
        return format_message(message::card_practice_note, card.lang, {});
    }
    if (card.reason == pick_reason::retry) {
        return format_message(message::card_retry_note, card.lang, {});
    }
    return std::nullopt;
}

std::string card_progress_line(const question_card& card, instant now)
{
    const language lang = card.lang;
    const auto position = arg::num("position", card.progress.position);
    const auto planned = arg::num("planned", card.progress.planned);
    if (card.deadline) {
        const auto seconds = std::chrono::ceil<std::chrono::seconds>(*card.deadline - now).count();
        return format_message(message::card_header_round, lang, {position, planned}) + " · " +
               format_message(message::card_closes_in, lang, {arg::num("seconds", std::max<long long>(0, seconds))});
    }
    return format_message(card_header(card.reason), lang, {position, planned}) + " · " +
           format_message(message::card_due_remaining, lang, {arg::num("count", card.progress.due_remaining)});
}

std::string card_guide_line(const question_card& card)
{
    return format_message(message::card_guide, card.lang, {arg::str("section", card.section_title)});
}

std::string read_more_line(std::string_view section_title, language lang)
{
    return format_message(message::feedback_guide, lang, {arg::str("section", std::string(section_title))});
}

std::string render_card(const question_card& card, instant now, std::optional<std::string_view> guide_line)
{
    std::string out = card_progress_line(card, now) + '\n';
    if (const auto note = card_note(card)) {
        out += *note + '\n';
    }
    out += '\n' + card.stem + "\n\n";
    for (std::size_t i = 0; i < card.choices.size(); ++i) {
        out += std::string(1, choice_letter(i)) + ". " + card.choices[i] + '\n';
    }
    out += '\n' + (guide_line ? std::string(*guide_line) : card_guide_line(card)) + '\n';
    return out;
}

namespace {

/// After a wrong answer, what was chosen: "You chose B: ..." or, for a tagged choice, the confusion it shows.
std::string chosen_line(const feedback& told, language lang)
{
    if (told.misconception_label) {
        return format_message(
            message::feedback_misconception, lang,
            {arg::str("letter", letter(told.chosen.position)), arg::str("label", *told.misconception_label)});
    }
    return format_message(message::feedback_chosen, lang,
                          {arg::str("letter", letter(told.chosen.position)), arg::str("choice", told.chosen.text)});
}

/// What comes after this answer: a follow-up next, asked again in this session, back in N days.
std::vector<std::string> next_lines(const feedback& told, language lang)
{
    std::vector<std::string> lines;
    if (told.follow_up_next) {
        lines.push_back(format_message(message::feedback_follow_up, lang, {}));
    }
    if (told.retry_in_session) {
        lines.push_back(format_message(message::feedback_retry, lang, {}));
    }
    if (told.interval_days > 0) {
        lines.push_back(format_message(message::feedback_comes_back, lang, {arg::num("days", told.interval_days)}));
    }
    return lines;
}

} // namespace

feedback_sentences feedback_sentences_of(const feedback& told, language lang)
{
    return {format_message(told.correct ? message::feedback_right : message::feedback_wrong, lang, {}),
            told.correct ? std::string{} : chosen_line(told, lang),
            format_message(message::feedback_answer, lang,
                           {arg::str("letter", letter(told.answer.position)), arg::str("choice", told.answer.text)}),
            next_lines(told, lang)};
}

std::string render_feedback(const feedback& told, const feedback_sentences& said, std::string_view guide_line)
{
    std::string out = said.verdict + '\n';
    if (!told.correct) {
        out += said.chosen + '\n';
        out += told.chosen.explanation + '\n';
    }
    out += said.answer + '\n';
    out += told.answer.explanation + '\n';
    for (const auto& line : said.what_next) {
        out += line + '\n';
    }
    out += std::string(guide_line) + '\n';
    return out;
}

std::string render_answer_check(answer_check check, language lang)
{
    switch (check) {
    case answer_check::accepted:
        return {};
    case answer_check::stale:
        return format_message(message::answer_stale, lang, {});
    case answer_check::invalid_choice:
        return format_message(message::answer_invalid_choice, lang, {});
    case answer_check::ended:
        return format_message(message::answer_ended, lang, {});
    }
    return {};
}

std::string render_round_answer_status(round_answer_status status, language lang)
{
    switch (status) {
    case round_answer_status::accepted:
        return {};
    case round_answer_status::stale:
        return format_message(message::answer_stale, lang, {});
    case round_answer_status::closed:
    case round_answer_status::ended:
        return format_message(message::round_closed, lang, {});
    case round_answer_status::already_answered:
        return format_message(message::round_already_answered, lang, {});
    case round_answer_status::invalid_choice:
        return format_message(message::answer_invalid_choice, lang, {});
    }
    return {};
}

std::vector<std::string> summary_lines(const session_summary& summary, language lang, instant now)
{
    std::vector<std::string> lines{format_message(message::summary_title, lang, {})};
    if (summary.answered == 0) {
        lines.push_back(format_message(message::summary_nothing_left, lang, {}));
    } else {
        lines.push_back(format_message(message::summary_score, lang,
                                       {arg::num("correct", summary.correct), arg::num("answered", summary.answered),
                                        arg::num("percent", percent(summary.correct, summary.answered))}));
        lines.push_back(format_message(message::summary_mix, lang,
                                       {arg::num("reviews", summary.reviews), arg::num("fresh", summary.fresh)}));
        if (summary.practice > 0) {
            lines.push_back(format_message(message::summary_practice, lang, {arg::num("count", summary.practice)}));
        }
        if (summary.asked_again > 0) {
            lines.push_back(
                format_message(message::summary_asked_again, lang, {arg::num("count", summary.asked_again)}));
        }
        if (summary.follow_ups > 0) {
            lines.push_back(format_message(message::summary_follow_ups, lang, {arg::num("count", summary.follow_ups)}));
        }
    }
    if (!summary.to_revisit.empty()) {
        std::vector<std::string> keys;
        for (const auto& key : summary.to_revisit) {
            keys.push_back(key.value());
        }
        lines.push_back(format_message(message::summary_to_revisit, lang, {arg::str("list", join(keys))}));
    }
    if (summary.due_remaining > 0) {
        lines.push_back(
            format_message(message::summary_due_remaining, lang, {arg::num("count", summary.due_remaining)}));
    } else if (summary.next_due) {
        lines.push_back(
            format_message(message::summary_next_due, lang, {arg::num("days", days_until(now, *summary.next_due))}));
    }
    if (summary.streak_days > 0) {
        lines.push_back(format_message(message::summary_streak, lang, {arg::num("days", summary.streak_days)}));
    }
    return lines;
}

std::vector<std::string> stats_lines(const learner_stats& stats, std::string_view pack_title, language lang,
                                     instant now)
{
    std::vector<std::string> lines{
        format_message(message::stats_title, lang, {arg::str("pack", std::string(pack_title))}),
        format_message(message::stats_due, lang, {arg::num("count", stats.due_now)})};
    if (stats.due_now == 0 && stats.next_due) {
        lines.push_back(
            format_message(message::summary_next_due, lang, {arg::num("days", days_until(now, *stats.next_due))}));
    }
    lines.push_back(
        format_message(message::stats_seen, lang, {arg::num("seen", stats.seen), arg::num("total", stats.total)}));
    lines.push_back(format_message(message::stats_mastered, lang,
                                   {arg::num("mastered", stats.mastered_concepts),
                                    arg::num("total", static_cast<long long>(stats.concepts.size()))}));
    if (!stats.weakest.empty()) {
        std::vector<std::string> items;
        for (const auto& view : stats.weakest) {
            items.push_back(format_message(
                message::stats_concept_line, lang,
                {arg::str("label", view.label), arg::num("percent", std::llround(100.0 * view.mastery))}));
        }
        lines.push_back(format_message(message::stats_weakest, lang, {arg::str("list", join(items))}));
    }
    if (stats.answered > 0) {
        lines.push_back(format_message(
            message::stats_accuracy, lang,
            {arg::num("percent", percent(stats.correct, stats.answered)), arg::num("answered", stats.answered)}));
    }
    if (stats.streak_days > 0 || stats.best_streak_days > 0) {
        lines.push_back(format_message(message::summary_streak, lang, {arg::num("days", stats.streak_days)}) + " (" +
                        format_message(message::stats_best_streak, lang, {arg::num("days", stats.best_streak_days)}) +
                        ")");
    }
    return lines;
}

std::string render_summary(const session_summary& summary, language lang, instant now)
{
    return joined_lines(summary_lines(summary, lang, now));
}

std::string render_stats(const learner_stats& stats, std::string_view pack_title, language lang, instant now)
{
    return joined_lines(stats_lines(stats, pack_title, lang, now));
}

std::string render_round_view(const round_view& view, language lang)
{
    std::string out = format_message(
        message::card_header_round, lang,
        {arg::num("position", view.card.progress.position), arg::num("planned", view.card.progress.planned)});
    out += " · " + format_message(message::round_answered, lang,
                                  {arg::num("answered", view.answered), arg::num("players", view.players)});
    out +=
        " · " + format_message(message::card_closes_in, lang, {arg::num("seconds", view.remaining.count())}) + "\n\n";
    out += view.card.stem + "\n\n";
    for (std::size_t i = 0; i < view.card.choices.size(); ++i) {
        out += std::string(1, choice_letter(i)) + ". " + view.card.choices[i] + '\n';
    }
    return out;
}

message closed_message(close_reason reason) noexcept
{
    switch (reason) {
    case close_reason::timer:
        return message::round_closed_timer;
    case close_reason::all_answered:
        return message::round_closed_all;
    case close_reason::host:
        break;
    }
    return message::round_closed_host;
}

std::string render_reveal(const round_reveal& reveal, language lang)
{
    std::string out = format_message(closed_message(reveal.closed_by), lang, {}) + '\n';
    out +=
        format_message(message::round_answer, lang,
                       {arg::str("letter", letter(reveal.answer.position)), arg::str("choice", reveal.answer.text)}) +
        '\n';
    out += reveal.answer.explanation + '\n';
    for (std::size_t i = 0; i < reveal.distribution.size(); ++i) {
        out += format_message(message::round_distribution_line, lang,
                              {arg::str("letter", letter(static_cast<std::uint32_t>(i))),
                               arg::num("count", reveal.distribution[i])}) +
               '\n';
    }
    if (reveal.common_misconception) {
        out +=
            format_message(message::round_common_confusion, lang, {arg::str("label", *reveal.common_misconception)}) +
            '\n';
    }
    return out;
}

std::string render_scoreboard(std::span<const score_line> lines, language lang,
                              const std::function<std::string(learner_id)>& name_of)
{
    std::string out = format_message(message::round_scoreboard_title, lang, {}) + '\n';
    for (const auto& line : lines) {
        out += format_message(message::round_score_line, lang,
                              {arg::num("rank", line.rank), arg::str("name", name_of(line.learner)),
                               arg::num("correct", line.correct), arg::num("present", line.present),
                               arg::num("percent", percent(line.correct, line.present))}) +
               '\n';
    }
    return out;
}

} // namespace quiz::engine
