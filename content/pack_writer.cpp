// SPDX-License-Identifier: MIT
#include "content/pack_writer.hpp"

#include "content/source_lines.hpp"

#include <fstream>
#include <optional>
#include <stdexcept>
#include <string_view>

namespace quiz::content {

namespace {

using engine::language;

template <class T>
const std::string& text_in(const engine::localized<T>& value, language lang)
{
    static const std::string none;
    const auto& found = value.get(lang);
    return found ? *found : none;
}

/// Newlines and tabs become spaces, runs of spaces one space, ends trimmed: for values that must fit on one line.
std::string one_line(std::string_view text)
{
    std::string line;
    bool space = false;
    for (const char c : text) {
        if (c == '\n' || c == '\r' || c == '\t' || c == ' ') {
            space = !line.empty();
            continue;
        }
        if (space) {
            line += ' ';
            space = false;
        }
        line += c;
    }
    return line;
}

std::vector<std::string_view> split(std::string_view text)
{
    std::vector<std::string_view> lines;
    while (true) {
        const auto newline = text.find('\n');
        lines.push_back(text.substr(0, newline));
        if (newline == std::string_view::npos) {
            return lines;
        }
        text.remove_prefix(newline + 1);
    }
}

/// `#`, `##` as headings the loader would take for structure (`# Name`, `## id`).
bool is_heading(std::string_view line, std::size_t level) noexcept
{
    const std::string_view marker = level == 1 ? "#" : "##";
    if (!line.starts_with(marker)) {
        return false;
    }
    return line.size() == marker.size() || line[marker.size()] == ' ' || line[marker.size()] == '\t';
}

enum class body_kind { stem, guide };

/// Whether the loader would read `line` (outside a code block) as structure rather than text.
bool reads_as_structure(std::string_view line, body_kind kind) noexcept
{
    if (starts_comment(line) || is_heading(line, 2)) {
        return true;
    }
    return kind == body_kind::stem && (is_heading(line, 1) || line.starts_with("- ["));
}

/// A Markdown body written so that the loader reads it back as the same text: structure-like lines get a leading
/// backslash (Markdown shows them as written), except inside code blocks, and an opening fence that is never
/// closed is escaped so it cannot swallow what follows.
std::string markdown_body(std::string_view text, body_kind kind)
{
    std::vector<std::string> lines;
    for (const std::string_view line : split(text)) {
        lines.emplace_back(line);
    }
    std::vector<bool> in_code(lines.size(), false);
    while (true) {
        std::optional<code_fence> fence;
        std::size_t opener = 0;
        for (std::size_t i = 0; i < lines.size(); ++i) {
            const source_line line{i + 1, lines[i]};
            in_code[i] = fence.has_value();
            if (fence) {
                if (closes_fence(*fence, lines[i])) {
                    fence.reset();
                }
            } else if ((fence = opens_fence(line))) {
                opener = i;
                in_code[i] = true;
            }
        }
        if (!fence) {
            break;
        }
        lines[opener].insert(lines[opener].find_first_not_of(" \t"), 1, '\\');
    }
    std::string body;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        std::string& line = lines[i];
        if (!in_code[i] && reads_as_structure(line, kind)) {
            line.insert(line.find_first_not_of(" \t"), 1, '\\');
        }
        body += line;
        body += '\n';
    }
    return body;
}

std::string explanation_line(std::string_view explanation, bool correct, language lang)
{
    std::string line = one_line(explanation);
    if (line.empty()) {
        if (lang == language::fr) {
            return correct ? "<!-- écrire pourquoi ce choix est juste -->"
                           : "<!-- écrire pourquoi ce choix est faux, et ce qui le rend tentant -->";
        }
        return correct ? "<!-- write why this choice is right -->"
                       : "<!-- write why this choice is wrong, and what makes it tempting -->";
    }
    if (line.starts_with("misconception:")) {
        line[0] = 'M'; // a lowercase `misconception:` line would tag the choice instead
    } else if (line.starts_with("<!--")) {
        line.insert(0, 1, '\\');
    }
    return line;
}

void write_front_matter(std::string& out, const engine::pack& pack, language lang, const std::string& title)
{
    out += "---\npack: " + one_line(pack.key.value()) + "\nlang: " + std::string(engine::code(lang)) +
           "\ntitle: " + one_line(title) + '\n';
}

template <class Key>
void tag_list(std::string& out, std::string_view heading, const std::vector<engine::tag<Key>>& tags, language lang)
{
    if (tags.empty()) {
        return;
    }
    out += "\n# " + std::string(heading) + "\n\n";
    for (const auto& tag : tags) {
        out += "- `" + tag.key.value() + "`: " + one_line(text_in(tag.label, lang)) + '\n';
    }
}

void question_block(std::string& out, const engine::question& question, language lang)
{
    const auto& text = question.text.get(lang);
    if (!text) {
        throw std::invalid_argument("question " + question.key.value() + " has no text in " +
                                    std::string(engine::code(lang)));
    }
    out += "\n## " + question.key.value() + "\nsection: " + question.section.value() + "\nconcepts: ";
    for (std::size_t i = 0; i < question.concepts.size(); ++i) {
        out += (i == 0 ? "" : ", ") + question.concepts[i].value();
    }
    out += "\ndifficulty: " + std::to_string(question.difficulty) + "\n\n";
    out += markdown_body(text->stem, body_kind::stem);
    out += '\n';
    for (std::size_t k = 0; k < text->choices.size(); ++k) {
        const engine::choice_text& choice = text->choices[k];
        const bool correct = k == question.correct;
        out += (correct ? "- [x] " : "- [ ] ") + one_line(choice.text) + '\n';
        if (k < question.misconceptions.size() && question.misconceptions[k]) {
            out += "  misconception: " + question.misconceptions[k]->value() + '\n';
        }
        out += "  " + explanation_line(choice.explanation, correct, lang) + '\n';
    }
}

void write_file(const std::filesystem::path& path, const std::string& text)
{
    // Written beside the target, then renamed over it: a failed write never leaves half a file.
    std::filesystem::path partial = path;
    partial += ".partial";
    {
        std::ofstream file(partial, std::ios::binary | std::ios::trunc);
        file << text;
        file.close();
        if (!file) {
            throw std::runtime_error("cannot write " + partial.string());
        }
    }
    std::filesystem::rename(partial, path);
}

} // namespace

std::string write_questions(const engine::pack& pack, language lang)
{
    std::string out;
    write_front_matter(out, pack, lang, text_in(pack.title, lang));
    if (const std::string level = one_line(text_in(pack.level, lang)); !level.empty()) {
        out += "level: " + level + '\n';
    }
    if (const std::string description = one_line(text_in(pack.description, lang)); !description.empty()) {
        out += "description: " + description + '\n';
    }
    out += "---\n";
    tag_list(out, "Concepts", pack.concepts, lang);
    tag_list(out, "Misconceptions", pack.misconceptions, lang);
    out += "\n# Questions\n";
    for (const engine::question& question : pack.questions) {
        question_block(out, question, lang);
    }
    return out;
}

std::string write_guide(const engine::pack& pack, language lang)
{
    std::string out;
    write_front_matter(out, pack, lang, text_in(pack.guide_title, lang));
    out += "---\n";
    for (const engine::guide_section& section : pack.sections) {
        out += "\n## " + one_line(text_in(section.title, lang)) + " {#" + section.key.value() + "}\n\n";
        const std::string& body = text_in(section.body_markdown, lang);
        if (body.find_first_not_of(" \t\n") == std::string::npos) {
            out += lang == language::fr ? "<!-- écrire cette section du guide -->\n"
                                        : "<!-- write this section of the guide -->\n";
        } else {
            out += markdown_body(body, body_kind::guide);
        }
    }
    return out;
}

std::vector<std::filesystem::path> write_pack_files(const engine::pack& pack, language lang,
                                                    const std::filesystem::path& dir)
{
    const std::string code(engine::code(lang));
    const std::vector<std::filesystem::path> paths{dir / ("questions." + code + ".md"),
                                                   dir / ("guide." + code + ".md")};
    // Both texts first: a pack that cannot be written leaves nothing behind.
    const std::string questions = write_questions(pack, lang);
    const std::string guide = write_guide(pack, lang);
    std::filesystem::create_directories(dir);
    write_file(paths[0], questions);
    write_file(paths[1], guide);
    return paths;
}

} // namespace quiz::content
