// SPDX-License-Identifier: MIT
#pragma once

#include "content/diagnostic.hpp"
#include "content/guide_file.hpp"
#include "content/questions_file.hpp"
#include "engine/core/language.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace quiz::content {

/// One language of a pack: its two files, parsed.
struct language_files {
    engine::language lang = engine::language::en;
    std::string questions_path;
    std::string guide_path;
    questions_file questions;
    guide_file guide;
};

/// Rules between the two files of one language and the pack folder: `lang` and `pack` in the front matter,
/// sections named by questions exist in the guide.
void check_language(const language_files& files, std::string_view folder_name, std::vector<diagnostic>& out);

/// Warns when the correct choice is the longest one (or tied for it) in more questions than chance explains
/// (one-sided test at 1 %): the cue a test-wise learner uses to answer without knowing.
void check_key_length_cue(const language_files& files, std::vector<diagnostic>& out);

/// Rules between two languages of one pack: the same questions in the same order with the same structure, the same
/// concept, misconception and section ids. `reference` is the pack's first language.
void check_across_languages(const language_files& reference, const language_files& other, std::vector<diagnostic>& out);

} // namespace quiz::content
