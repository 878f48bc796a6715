// SPDX-License-Identifier: MIT
#pragma once

#include "bot/assembly/storage_engine.hpp"
#include "bot/secret.hpp"

#include <string>

namespace quiz::bot::assembly {

/// The key dashboard links (and the playground's learner tokens) are signed with: QUIZBOT_REPORT_SECRET when set,
/// else the one kept in the database (32 random bytes, made on first use at `now`), so that `quizbot serve` and
/// `quizbot report link` agree. On the main connection, before the writer starts.
[[nodiscard]] std::string dashboard_key(const secret& configured, storage_engine& storage, engine::instant now);

} // namespace quiz::bot::assembly
