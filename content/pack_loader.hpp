// SPDX-License-Identifier: MIT
#pragma once

#include "content/diagnostic.hpp"
#include "engine/core/pack.hpp"

#include <filesystem>
#include <span>
#include <string>
#include <vector>

namespace quiz::content {

/// One file of a pack folder, already read.
struct source_file {
    std::string name; ///< e.g. "questions.en.md"
    std::string text;
    bool readable = true; ///< false: it exists but could not be read (already reported); skipped without cascades
};

/// Every pack that passed the checks, and every problem found (warnings included), sorted by file then line.
struct load_result {
    std::vector<engine::pack> packs;
    std::vector<diagnostic> diagnostics;

    [[nodiscard]] bool ok() const noexcept { return !has_errors(diagnostics); }
};

/// Checks one pack from its files' text and builds it; no IO. `dir` is the pack folder as messages show it, and
/// `folder_name` the name the front matter's `pack:` must match. The pack is in the result only if no error was found
/// and every file was readable.
[[nodiscard]] load_result build_pack(const std::filesystem::path& dir, const std::string& folder_name,
                                     std::span<const source_file> files);

/// Reads and checks the pack in folder `dir` (its `questions.<lang>.md` and `guide.<lang>.md` files).
/// A missing or unreadable file is a diagnostic, never an exception.
[[nodiscard]] load_result load_pack(const std::filesystem::path& dir);

/// Each path is a pack folder, or a folder of pack folders such as `content/packs`.
[[nodiscard]] load_result load_packs(std::span<const std::filesystem::path> paths);

} // namespace quiz::content
