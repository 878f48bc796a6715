// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/language.hpp"
#include "engine/text/catalog.hpp"

#include <initializer_list>
#include <string>

namespace quiz::bot::slack {

/// Sentences only the Slack front end says (its commands' syntax, the Home tab); the tutoring layer's are in
/// bot/tutoring/texts.hpp and the tutor's own in the engine's catalogue. Same template syntax (engine::format_pattern).
enum class text {
    help,
    lang_usage,
    unknown_command,
    home_title,
    home_nothing_yet,
    dm_hint,
    choice_button,
    group_usage,
    round_not_judged_yet,
    round_not_answered,
    how_did_i_do_button,
};

[[nodiscard]] std::string say(text t, engine::language lang, std::initializer_list<engine::message_arg> args = {});

} // namespace quiz::bot::slack
