// SPDX-License-Identifier: MIT
#include "content/pack_checks.hpp"

#include "content/source_lines.hpp"

#include <algorithm>
#include <filesystem>
#include <set>

namespace quiz::content {

namespace {

void check_front_matter(const front_matter& meta, engine::language lang, std::string_view folder_name,
                        const reporter& report)
{
    const auto expected_lang = engine::code(lang);
    if (meta.lang.present() && !meta.lang.value.empty() && meta.lang.value != expected_lang) {
        report.error(meta.lang.line, "`lang: " + meta.lang.value + "` does not match the file name " +
                                         backticked(file_name(report.file())) +
                                         " (expected `lang: " + std::string(expected_lang) + "`)");
    }
    if (meta.pack.present() && !meta.pack.value.empty() && meta.pack.value != folder_name) {
        report.error(meta.pack.line,
                     "`pack: " + meta.pack.value + "` does not match the folder name " + backticked(folder_name));
    }
}

} // namespace

void check_language(const language_files& files, std::string_view folder_name, std::vector<diagnostic>& out)
{
    const reporter questions(files.questions_path, out);
    const reporter guide(files.guide_path, out);
    check_front_matter(files.questions.meta, files.lang, folder_name, questions);
    check_front_matter(files.guide.meta, files.lang, folder_name, guide);

    std::set<std::string_view> section_ids;
    for (const auto& section : files.guide.sections) {
        section_ids.insert(section.id);
    }
    std::set<std::string_view> used;
    for (const auto& q : files.questions.questions) {
        if (!q.section.present() || q.section.value.empty()) {
            continue;
        }
        used.insert(q.section.value);
        if (!section_ids.contains(q.section.value)) {
            questions.error(q.section.line, "unknown section " + backticked(q.section.value) + ": " +
                                                file_name(files.guide_path) + " has no `{#" + q.section.value +
                                                "}` section");
        }
    }
    for (const auto& section : files.guide.sections) {
        if (!section.id.empty() && !used.contains(section.id)) {
            guide.warning(section.line, "section " + backticked(section.id) + " has no question");
        }
    }
    check_key_length_cue(files, out);
}

} // namespace quiz::content
