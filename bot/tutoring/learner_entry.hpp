// SPDX-License-Identifier: MIT
#pragma once

#include "bot/tutoring/actions.hpp"

#include "engine/core/identity_ports.hpp"

#include <optional>
#include <string>

namespace quiz::bot::tutoring {

/// The person behind an action, as the tutor knows them.
struct learner_context {
    engine::learner_id learner;
    engine::language lang = engine::language::en;
    std::string platform;
    /// The workspace the action happens in (a Discord server, a Slack team); none in a Discord DM or the terminal.
    /// Sessions record it, so that a class's report counts the answers given there.
    std::optional<engine::workspace_id> workspace;
    /// A heads-up waits: their reminders were turned off because the platform refused one (said once).
    bool reminders_refused = false;
};

/// Finds or adds the person, joins them to the workspace they act in, and settles their language: the platform's
/// locale is followed until they choose one. Inside the action's unit. nullopt, with nothing added, when the action
/// must come from someone known (actor::known_only) and they are not.
[[nodiscard]] std::optional<learner_context> enter(engine::identity_directory& identities, const actor& who);

} // namespace quiz::bot::tutoring
