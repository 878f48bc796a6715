// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/language.hpp"
#include "engine/core/pack.hpp"

#include <optional>
#include <string>

namespace quiz::bot::web {

/// The HTML page of one guide section in `lang` (or the pack's other language when it lacks `lang`), with links
/// to the other sections and to the playground. Everything from the pack is escaped (bot/web/markdown.hpp).
[[nodiscard]] std::string guide_section_page(const engine::pack& content, const engine::guide_section& section,
                                             engine::language lang);

/// The HTML page listing the pack's guide sections.
[[nodiscard]] std::string guide_index_page(const engine::pack& content, engine::language lang);

} // namespace quiz::bot::web
