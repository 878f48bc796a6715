// SPDX-License-Identifier: MIT
// Keeps every Discord-bound JSON body a test produced, as <kind>-<name>-<n>.json in QUIZ_DISCORD_BODIES_DIR, for
// tests/bot/discord/validate_openapi.mjs to check against Discord's OpenAPI spec.
#pragma once

#include <string>
#include <string_view>

namespace quiz::test {

/// kind: "callback", "commands", "edit-original" or "followup". Returns the file's path (none on PostgreSQL runs).
std::string keep_body(std::string_view kind, std::string_view name, std::string_view json);

} // namespace quiz::test
