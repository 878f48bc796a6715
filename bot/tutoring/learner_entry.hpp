// SPDX-License-Identifier: MIT
#pragma once

#include "bot/tutoring/actions.hpp"

#include "engine/identity_ports.hpp"

#include <string>

namespace quiz::bot::tutoring {

/// The person behind an action, as the tutor knows them.
struct learner_context {
    engine::learner_id learner;
    engine::language lang = engine::language::en;
    std::string platform;
};

/// Finds or adds the person, joins them to the workspace they act in, and settles their language: the platform's
/// locale is followed until they choose one. Inside the action's unit.
[[nodiscard]] learner_context enter(engine::identity_directory& identities, const actor& who);

} // namespace quiz::bot::tutoring
