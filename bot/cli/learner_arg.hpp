// SPDX-License-Identifier: MIT
#pragma once

#include <string>

namespace quiz::bot::cli {

/// A learner named on the command line, as the learner table keys them.
struct learner_arg {
    std::string platform;
    std::string external_id;
};

/// "discord:1234", "slack:T0001:U0002", "web:...", "local:alice", or a bare name such as "alice", which is the local
/// learner `quizbot play --learner alice` creates. A known platform with nothing after the colon is a usage_error.
[[nodiscard]] learner_arg parse_learner_arg(const std::string& text);

} // namespace quiz::bot::cli
