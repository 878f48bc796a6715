// SPDX-License-Identifier: MIT
#include "bot/tutoring/screen_parts.hpp"

#include "engine/text/text_render.hpp"

namespace quiz::bot::tutoring {

using engine::language;

screen screen_of(language lang, screen_body body)
{
    screen out;
    out.lang = lang;
    out.body = std::move(body);
    return out;
}

screen notice(notice_kind kind, language lang, std::string text)
{
    return screen_of(lang, notice_screen{kind, std::move(text)});
}

screen notice(notice_kind kind, language lang, engine::message m)
{
    return notice(kind, lang, engine::format_message(m, lang, {}));
}

guide_section read_more(const engine::pack_key& pack, const engine::section_key& section, std::string title,
                        language lang)
{
    auto line = engine::read_more_line(title, lang);
    return {pack, section, std::move(title), lang, std::move(line)};
}

card_screen card_of(engine::session_id session, const engine::question_card& card, const engine::pack_key& pack,
                    engine::instant now)
{
    return {session,
            card,
            engine::card_progress_line(card, now),
            engine::card_note(card),
            {pack, card.section, card.section_title, card.lang, engine::card_guide_line(card)},
            now};
}

feedback_screen feedback_of(engine::session_id session, const engine::pack_key& pack, const engine::feedback& told,
                            bool replayed, language lang)
{
    return {session,
            pack,
            told,
            replayed,
            engine::feedback_sentences_of(told, lang),
            read_more(pack, told.section, told.section_title, lang),
            std::nullopt};
}

judged_screen judged_of(engine::round_id round, const engine::pack_key& pack, const engine::feedback& told,
                        language lang)
{
    return {round, told, engine::feedback_sentences_of(told, lang),
            read_more(pack, told.section, told.section_title, lang)};
}

summary_screen summary_of(engine::session_id session, const engine::session_summary& summary,
                          const engine::pack_key& pack, language lang, engine::instant now)
{
    return {session, pack, summary, engine::summary_lines(summary, lang, now)};
}

stats_screen stats_of(const engine::pack_key& pack, std::string title, const engine::learner_stats& stats,
                      language lang, engine::instant now)
{
    auto lines = engine::stats_lines(stats, title, lang, now);
    return {pack, std::move(title), stats, std::move(lines)};
}

screen session_screen(const engine::session_outcome& outcome, language fallback, engine::instant now)
{
    if (outcome.status == engine::session_status::ok && outcome.card) {
        return screen_of(outcome.lang, card_of(outcome.session, *outcome.card, outcome.pack, now));
    }
    if (outcome.status == engine::session_status::ok && outcome.summary) {
        return screen_of(outcome.lang, summary_of(outcome.session, *outcome.summary, outcome.pack, outcome.lang, now));
    }
    return notice(notice_kind::no_session, fallback, engine::message::answer_no_session);
}

} // namespace quiz::bot::tutoring
