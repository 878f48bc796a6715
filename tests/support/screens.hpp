// SPDX-License-Identifier: MIT
#pragma once
// Screens built from the tutor's values, as the tutoring layer builds them, for renderer tests that start from a
// card, a feedback or stats rather than from a whole session.

#include "bot/tutoring/screens.hpp"
#include "engine/text/text_render.hpp"

#include <string>

namespace quiz::test {

inline bot::tutoring::card_screen card_screen_of(const engine::question_card& card, engine::session_id session,
                                                 const std::string& pack, engine::instant now = {})
{
    return {session,
            card,
            engine::card_progress_line(card, now),
            engine::card_note(card),
            {engine::pack_key{pack}, card.section, card.section_title, card.lang},
            now};
}

inline bot::tutoring::feedback_screen feedback_screen_of(const engine::feedback& told, engine::language lang,
                                                         engine::session_id session, const std::string& pack)
{
    return {session,
            engine::pack_key{pack},
            told,
            false,
            engine::feedback_next_lines(told, lang),
            {engine::pack_key{pack}, told.section, told.section_title, lang},
            std::nullopt};
}

inline bot::tutoring::stats_screen stats_screen_of(const engine::learner_stats& stats, const std::string& pack,
                                                   const std::string& title, engine::language lang,
                                                   engine::instant now = {})
{
    return {engine::pack_key{pack}, title, stats, engine::stats_lines(stats, title, lang, now)};
}

} // namespace quiz::test
