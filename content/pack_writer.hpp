// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/language.hpp"
#include "engine/core/pack.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace quiz::content {

/// The `questions.<lang>.md` text of `pack` in `lang`, in the format `docs/pack-format.md` describes. Deterministic:
/// the same pack gives the same bytes. Text that the loader would read as structure (a stem line `- [x]`, `# ...`,
/// `<!--`, an unclosed code fence) is escaped with a backslash; choice texts and explanations are written on one line.
/// A choice without explanation gets a comment asking for one, which the loader ignores (so `content check` reports
/// the missing explanation at that choice). Throws std::invalid_argument if a question has no text in `lang`.
[[nodiscard]] std::string write_questions(const engine::pack& pack, engine::language lang);

/// The `guide.<lang>.md` text of `pack` in `lang`; an empty section body gets a comment asking for the text.
[[nodiscard]] std::string write_guide(const engine::pack& pack, engine::language lang);

/// Writes `questions.<lang>.md` and `guide.<lang>.md` into `dir` (created if missing), replacing files of those
/// names; returns their paths. Throws std::filesystem::filesystem_error or std::runtime_error on IO failure.
std::vector<std::filesystem::path> write_pack_files(const engine::pack& pack, engine::language lang,
                                                    const std::filesystem::path& dir);

} // namespace quiz::content
