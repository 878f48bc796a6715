// SPDX-License-Identifier: MIT
#pragma once

#include "engine/catalog.hpp"
#include "engine/language.hpp"

#include <initializer_list>
#include <string>

namespace quiz::bot::slack {

/// Sentences only the Slack front end says (commands, buttons, the Home tab); the tutor's own are in the engine's
/// catalogue. Same template syntax (engine::format_pattern).
enum class text {
    help,
    button_next,
    button_start,
    button_review,
    lang_set,
    lang_usage,
    unknown_command,
    unknown_pack_or_concept,
    forgotten,
    nothing_to_forget,
    forget_failed,
    failed,
    home_title,
    home_nothing_yet,
    dm_hint,
    choice_button,
};

[[nodiscard]] std::string say(text t, engine::language lang, std::initializer_list<engine::message_arg> args = {});

} // namespace quiz::bot::slack
