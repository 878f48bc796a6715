// SPDX-License-Identifier: MIT
#pragma once

#include "bot/tutoring/round_screens.hpp"
#include "bot/tutoring/screens.hpp"

#include "engine/text/catalog.hpp"
#include "engine/tutor/tutor_service.hpp"

#include <string>

namespace quiz::bot::tutoring {

// Screens made from the tutor's values: shared by the learner's actions and the rounds' (and by the tests of the
// front ends' renderings, which start from a screen).

/// The screen showing `body` in `lang`, with nothing else to say.
[[nodiscard]] screen screen_of(engine::language lang, screen_body body);

[[nodiscard]] screen notice(notice_kind kind, engine::language lang, std::string text);
[[nodiscard]] screen notice(notice_kind kind, engine::language lang, engine::message m);

/// The guide section after an answer or a reveal: "Read more: <title>".
[[nodiscard]] guide_section read_more(const engine::pack_key& pack, const engine::section_key& section,
                                      std::string title, engine::language lang);

/// The card, its guide section "Guide: <title>".
[[nodiscard]] card_screen card_of(engine::session_id session, const engine::question_card& card,
                                  const engine::pack_key& pack, engine::instant now);

/// An answer's judgement in the learner's sentences; `next` left empty.
[[nodiscard]] feedback_screen feedback_of(engine::session_id session, const engine::pack_key& pack,
                                          const engine::feedback& told, bool replayed, engine::language lang);

/// A round member's answer, judged once the question is revealed, in the member's sentences.
[[nodiscard]] judged_screen judged_of(engine::round_id round, const engine::pack_key& pack,
                                      const engine::feedback& told, engine::language lang);

[[nodiscard]] summary_screen summary_of(engine::session_id session, const engine::session_summary& summary,
                                        const engine::pack_key& pack, engine::language lang, engine::instant now);

/// The learner's progress in the pack titled `title`, one sentence a line.
[[nodiscard]] stats_screen stats_of(const engine::pack_key& pack, std::string title, const engine::learner_stats& stats,
                                    engine::language lang, engine::instant now);

/// The session's card or summary; a no_session notice (in `fallback`) when there is neither.
[[nodiscard]] screen session_screen(const engine::session_outcome& outcome, engine::language fallback,
                                    engine::instant now);

} // namespace quiz::bot::tutoring
