// SPDX-License-Identifier: MIT
#pragma once

#include "content/pack_checks.hpp"
#include "engine/core/pack.hpp"

#include <span>
#include <string>

namespace quiz::content {

/// Builds the engine's pack from checked files (no error left): `languages` in `all_languages` order, the first one
/// giving the structure. Questions come in guide order (by their section's position, then as written), each with
/// its content hash.
[[nodiscard]] engine::pack assemble_pack(const std::string& key, std::span<const language_files> languages);

} // namespace quiz::content
