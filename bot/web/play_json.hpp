// SPDX-License-Identifier: MIT
#pragma once

#include "bot/tutoring/round_screens.hpp"
#include "bot/tutoring/screens.hpp"
#include "engine/core/pack.hpp"

#include <boost/json/object.hpp>

#include <string_view>

namespace quiz::bot::web {

// The playground's JSON views of the screens. Every sentence is already rendered in the learner's language, by the
// tutoring layer or from the engine's catalogue, so the page only lays them out.

[[nodiscard]] boost::json::object card_json(const tutoring::card_screen& shown);
[[nodiscard]] boost::json::object feedback_json(const tutoring::feedback_screen& shown);
[[nodiscard]] boost::json::object summary_json(const tutoring::summary_screen& shown);
[[nodiscard]] boost::json::object stats_json(const tutoring::stats_screen& shown);

/// A round's shared message, for every page in its room; names are plain text (the page escapes them).
[[nodiscard]] boost::json::object round_json(const tutoring::round_screen& shown);
/// How the member's answer is judged once revealed.
[[nodiscard]] boost::json::object judged_json(const tutoring::judged_screen& shown);

/// The packs with their titles and guide sections in `lang`.
[[nodiscard]] boost::json::object pack_json(const engine::pack& content, engine::language lang);

} // namespace quiz::bot::web
