// SPDX-License-Identifier: MIT
#pragma once

#include "engine/pack_index.hpp"
#include "engine/tutor_outcomes.hpp"

#include <boost/json/object.hpp>

#include <string_view>

namespace quiz::bot::web {

// The playground's JSON views of the tutor's values. Every sentence is already rendered in the learner's language
// from the engine's catalogue, so the page only lays them out.

/// `/guide/{pack}/{section}?lang=xx`, percent-encoded.
[[nodiscard]] std::string guide_url(std::string_view pack, std::string_view section, engine::language lang);

[[nodiscard]] boost::json::object card_json(const engine::question_card& card, std::string_view pack);
[[nodiscard]] boost::json::object feedback_json(const engine::feedback& told, engine::language lang,
                                                std::string_view pack);
[[nodiscard]] boost::json::object summary_json(const engine::session_summary& summary, engine::language lang,
                                               engine::instant now);
[[nodiscard]] boost::json::object stats_json(const engine::learner_stats& stats, std::string_view pack_title,
                                             engine::language lang, engine::instant now);
/// The packs with their titles and guide sections in `lang`.
[[nodiscard]] boost::json::object pack_json(const engine::pack& content, engine::language lang);

} // namespace quiz::bot::web
