// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

namespace quiz::bot::cli {

/// A learner named on the command line, as the learner table keys them.
struct learner_arg {
    std::string platform;
    std::string external_id;
};

/// The learners a LEARNER argument may name, the likeliest first, so that every name `report learners` prints is
/// taken back: "discord:1234", "slack:T0001:U0002", "web:…" and "local:alice" name exactly that learner;
/// "demo:learner-009" (any other platform word before the colon: the generated class's, or one added later) names
/// that learner or, when there is none, a local learner of that whole name; a bare name such as "alice" is the local
/// learner `quizbot play --learner alice` creates. A platform with nothing after the colon is a usage_error.
[[nodiscard]] std::vector<learner_arg> learner_candidates(const std::string& text);

/// "platform:external_id", as `report learners` prints it.
[[nodiscard]] std::string shown(const learner_arg& learner);

} // namespace quiz::bot::cli
