// SPDX-License-Identifier: MIT
#pragma once

#include "bot/slack/action_ids.hpp"
#include "bot/slack/blocks.hpp"
#include "bot/slack/command_line.hpp"
#include "bot/slack/payload.hpp"
#include "bot/tutoring/actions.hpp"
#include "bot/tutoring/screens.hpp"

#include <boost/json/object.hpp>

#include <optional>
#include <string>

namespace quiz::bot::slack {

// The learner's side of quizbot on Slack, translated: a slash command, a button or a direct message in, the tutoring
// layer's action out; its screen in, a Block Kit message out.

/// What Slack asked for: the action, and how Slack's side of it is shown.
struct intent {
    tutoring::action what;
    std::string command = "/quiz"; ///< the slash command as the workspace named it, for help texts
    std::string unknown_word;      ///< a command verb nobody knows: said before the help
    bool language_usage = false;   ///< `lang` without a valid language: its usage instead of the help
    bool direct_message = false;   ///< help in a DM is the DM hint
    bool replace_original = false; ///< the clicked message becomes the screen (answers, Next, forget-me)
};

/// Who acts, as Slack names them; `platform_lang` from users.info when it answered.
[[nodiscard]] tutoring::actor actor_of(const std::string& team, const std::string& user, const std::string& name,
                                       std::optional<engine::language> platform_lang);

/// The words after `remind`: nothing shows the setting, `off` turns reminders off, `on [HH:MM] [zone]` (or just
/// a time) turns them on.
[[nodiscard]] tutoring::remind remind_of(const std::vector<std::string>& words);

[[nodiscard]] intent command_intent(const slash_command& c);
/// What a session's button asks for.
[[nodiscard]] intent click_intent(const click& clicked);
[[nodiscard]] intent dm_intent(const dm_input& input);

/// A message; nullopt when there is nothing to say (a redelivery).
struct slack_reply {
    boost::json::object message;
    bool replace_original = false;
};
[[nodiscard]] std::optional<slack_reply> render(const tutoring::screen& shown, const intent& asked,
                                                const tutoring::link_base& links);

} // namespace quiz::bot::slack
