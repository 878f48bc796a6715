// SPDX-License-Identifier: MIT
#pragma once

#include "content/diagnostic.hpp"
#include "content/imported_question.hpp"
#include "engine/core/language.hpp"
#include "engine/core/pack.hpp"

#include <string>

namespace quiz::content {

struct import_options {
    engine::pack_key pack;
    engine::language lang = engine::language::en;
    std::string title;           ///< the pack's title
    std::string default_section; ///< title of the guide section for questions outside any category
    std::string source;          ///< the source file's name, for diagnostics
    int difficulty = 3;
};

struct imported_pack {
    engine::pack pack;
    std::vector<diagnostic> diagnostics; ///< the reader's, then what the pack still lacks
};

/// Turns what a reader found into a pack in one language. Ids come from titles (or stems), made unique; each GIFT
/// category becomes a guide section and a concept (questions outside any category go to `default_section`); a
/// section's body is what the source says for it (descriptions and general feedback, in source order).
/// Nothing is invented: a choice without feedback keeps an empty explanation and a section without source text an
/// empty body, each reported as an error at its source line so the instructor knows what to write.
[[nodiscard]] imported_pack to_pack(import_result imported, const import_options& options);

} // namespace quiz::content
