// SPDX-License-Identifier: MIT
#include "bot/tutoring/screen_parts.hpp"

#include "engine/text/text_render.hpp"

namespace quiz::bot::tutoring {

using engine::language;

screen notice(notice_kind kind, language lang, std::string text)
{
    return {lang, notice_screen{kind, std::move(text)}, false, false, {}};
}

screen notice(notice_kind kind, language lang, engine::message m)
{
    return notice(kind, lang, engine::format_message(m, lang, {}));
}

guide_section guide_of(const engine::pack_key& pack, const engine::section_key& section, std::string title,
                       language lang)
{
    return {pack, section, std::move(title), lang};
}

card_screen card_of(engine::session_id session, const engine::question_card& card, const engine::pack_key& pack,
                    engine::instant now)
{
    return {session,
            card,
            engine::card_progress_line(card, now),
            engine::card_note(card),
            guide_of(pack, card.section, card.section_title, card.lang),
            now};
}

summary_screen summary_of(engine::session_id session, const engine::session_summary& summary,
                          const engine::pack_key& pack, language lang, engine::instant now)
{
    return {session, pack, summary, engine::summary_lines(summary, lang, now)};
}

screen session_screen(const engine::session_outcome& outcome, language fallback, engine::instant now)
{
    if (outcome.status == engine::session_status::ok && outcome.card) {
        return {outcome.lang, card_of(outcome.session, *outcome.card, outcome.pack, now), false, false, {}};
    }
    if (outcome.status == engine::session_status::ok && outcome.summary) {
        return {outcome.lang,
                summary_of(outcome.session, *outcome.summary, outcome.pack, outcome.lang, now),
                false,
                false,
                {}};
    }
    return notice(notice_kind::no_session, fallback, engine::message::answer_no_session);
}

} // namespace quiz::bot::tutoring
