// SPDX-License-Identifier: MIT
#pragma once

#include "bot/tutoring/screens.hpp"

#include "engine/text/catalog.hpp"
#include "engine/tutor/tutor_service.hpp"

#include <string>

namespace quiz::bot::tutoring {

// Screens made from the tutor's values: shared by the learner's actions and the rounds'.

[[nodiscard]] screen notice(notice_kind kind, engine::language lang, std::string text);
[[nodiscard]] screen notice(notice_kind kind, engine::language lang, engine::message m);

[[nodiscard]] guide_section guide_of(const engine::pack_key& pack, const engine::section_key& section,
                                     std::string title, engine::language lang);

[[nodiscard]] card_screen card_of(engine::session_id session, const engine::question_card& card,
                                  const engine::pack_key& pack, engine::instant now);

[[nodiscard]] summary_screen summary_of(engine::session_id session, const engine::session_summary& summary,
                                        const engine::pack_key& pack, engine::language lang, engine::instant now);

/// The session's card or summary; a no_session notice (in `fallback`) when there is neither.
[[nodiscard]] screen session_screen(const engine::session_outcome& outcome, engine::language fallback,
                                    engine::instant now);

} // namespace quiz::bot::tutoring
