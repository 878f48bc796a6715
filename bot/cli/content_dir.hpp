// SPDX-License-Identifier: MIT
#pragma once

#include "bot/cli/args.hpp"
#include "engine/core/pack.hpp"

#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string_view>

namespace quiz::bot::cli {

inline constexpr const char* default_content_dir = "./content/packs";

/// The packs a command reads: `--content DIR`, else the QUIZBOT_CONTENT environment variable, else
/// ./content/packs. Commands that take it list "content" among their valued options.
[[nodiscard]] std::filesystem::path content_dir(const args& parsed);

/// The valid pack `key` among the packs in `dir`, or nullopt after writing to `err` the loading errors and why.
[[nodiscard]] std::optional<engine::pack> load_pack_named(const std::filesystem::path& dir, std::string_view key,
                                                          std::ostream& err);

} // namespace quiz::bot::cli
