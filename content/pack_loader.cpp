// SPDX-License-Identifier: MIT
#include "content/pack_loader.hpp"

#include "content/assemble.hpp"
#include "content/french_typography.hpp"
#include "content/guide_file.hpp"
#include "content/pack_checks.hpp"
#include "content/questions_file.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>

namespace quiz::content {

namespace fs = std::filesystem;

namespace {

/// Larger files are refused: the bundled pack's files are a few hundred kilobytes, and 10,000 questions with an
/// explanation for every choice come to about 18 MB (scripts/bench-scale).
constexpr std::uintmax_t max_file_bytes = std::uintmax_t{64} << 20U;

struct file_name_parts {
    file_kind kind;
    std::string lang;
};

/// "questions.<lang>.md" or "guide.<lang>.md"; nullopt for any other name.
std::optional<file_name_parts> pack_file_name(std::string_view name)
{
    std::optional<file_kind> kind;
    if (name.starts_with("questions.")) {
        kind = file_kind::questions;
        name.remove_prefix(std::string_view("questions.").size());
    } else if (name.starts_with("guide.")) {
        kind = file_kind::guide;
        name.remove_prefix(std::string_view("guide.").size());
    }
    if (!kind || !name.ends_with(".md") || name.size() <= 3) {
        return std::nullopt;
    }
    name.remove_suffix(3);
    return file_name_parts{*kind, std::string(name)};
}

std::optional<engine::language> exact_language(std::string_view code)
{
    for (const auto lang : engine::all_languages) {
        if (engine::code(lang) == code) {
            return lang;
        }
    }
    return std::nullopt;
}

void sort_diagnostics(std::vector<diagnostic>& diagnostics)
{
    std::stable_sort(diagnostics.begin(), diagnostics.end(), [](const diagnostic& a, const diagnostic& b) {
        return a.file != b.file ? a.file < b.file : a.line < b.line;
    });
}

void append(load_result& into, load_result&& from)
{
    std::move(from.packs.begin(), from.packs.end(), std::back_inserter(into.packs));
    std::move(from.diagnostics.begin(), from.diagnostics.end(), std::back_inserter(into.diagnostics));
}

std::string folder_name_of(const fs::path& dir)
{
    fs::path path = dir.has_filename() ? dir : dir.parent_path();
    if (path.filename() == "." || path.filename() == ".." || path.empty()) {
        std::error_code ec;
        auto absolute = fs::weakly_canonical(path.empty() ? fs::path(".") : path, ec);
        if (!ec) {
            path = absolute;
        }
    }
    return path.filename().string();
}

bool has_pack_files(const fs::path& dir)
{
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        if (pack_file_name(it->path().filename().string())) {
            return true;
        }
    }
    return false;
}

source_file read_file(const fs::path& path, std::vector<diagnostic>& diagnostics)
{
    source_file file{path.filename().string(), {}, false};
    const reporter report(path.string(), diagnostics);
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) {
        report.error(0, "not a regular file");
        return file;
    }
    const auto size = fs::file_size(path, ec);
    if (ec) {
        report.error(0, "cannot read: " + ec.message());
        return file;
    }
    if (size > max_file_bytes) {
        report.error(0, "file is too large (" + std::to_string(size) + " bytes): the limit is 64 MiB");
        return file;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        report.error(0, std::string("cannot open: ") + std::strerror(errno));
        return file;
    }
    file.text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (in.bad()) {
        report.error(0, std::string("cannot read: ") + std::strerror(errno));
        return file;
    }
    file.readable = true;
    return file;
}

} // namespace

load_result build_pack(const fs::path& dir, const std::string& folder_name, std::span<const source_file> files)
{
    load_result result;
    auto& out = result.diagnostics;
    struct slot {
        std::optional<parsed<questions_file>> questions;
        std::optional<parsed<guide_file>> guide;
        bool unreadable = false;
    };
    std::map<engine::language, slot> slots;
    for (const auto& file : files) {
        const auto path = (dir / file.name).string();
        const auto parts = pack_file_name(file.name);
        if (!parts) {
            continue;
        }
        const auto lang = exact_language(parts->lang);
        if (!lang) {
            out.push_back({path, 0,
                           "unknown language " + backticked(parts->lang) +
                               " in the file name: pack files are questions.<lang>.md and guide.<lang>.md "
                               "with lang `en` or `fr`"});
            continue;
        }
        auto& entry = slots[*lang];
        if (!file.readable) {
            entry.unreadable = true;
            continue;
        }
        std::vector<diagnostic>* diagnostics = nullptr;
        if (parts->kind == file_kind::questions) {
            entry.questions = parse_questions(file.text, path);
            diagnostics = &entry.questions->diagnostics;
        } else {
            entry.guide = parse_guide(file.text, path);
            diagnostics = &entry.guide->diagnostics;
        }
        if (*lang == engine::language::fr) {
            check_french_typography(file.text, parts->kind, reporter(path, *diagnostics));
        }
    }
    if (slots.empty()) {
        out.push_back({dir.string(), 0, "not a pack: no questions.<lang>.md or guide.<lang>.md file"});
    }

    std::vector<language_files> languages;
    for (auto& [lang, entry] : slots) {
        const std::string code(engine::code(lang));
        const auto questions_path = (dir / ("questions." + code + ".md")).string();
        const auto guide_path = (dir / ("guide." + code + ".md")).string();
        if (entry.questions) {
            std::move(entry.questions->diagnostics.begin(), entry.questions->diagnostics.end(),
                      std::back_inserter(out));
        }
        if (entry.guide) {
            std::move(entry.guide->diagnostics.begin(), entry.guide->diagnostics.end(), std::back_inserter(out));
        }
        if (entry.unreadable) {
            continue;
        }
        if (!entry.guide) {
            out.push_back(
                {guide_path, 0, "missing file: questions." + code + ".md needs guide." + code + ".md beside it"});
            continue;
        }
        if (!entry.questions) {
            out.push_back(
                {questions_path, 0, "missing file: guide." + code + ".md needs questions." + code + ".md beside it"});
            continue;
        }
        languages.push_back(
            {lang, questions_path, guide_path, std::move(entry.questions->value), std::move(entry.guide->value)});
    }
    for (const auto& files_of_language : languages) {
        check_language(files_of_language, folder_name, out);
    }
    for (std::size_t i = 1; i < languages.size(); ++i) {
        check_across_languages(languages.front(), languages[i], out);
    }
    sort_diagnostics(out);
    const bool all_read = std::all_of(files.begin(), files.end(), [](const source_file& f) { return f.readable; });
    if (!has_errors(out) && all_read) {
        result.packs.push_back(assemble_pack(folder_name, languages));
    }
    return result;
}

load_result load_pack(const fs::path& dir)
{
    load_result result;
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        const bool exists = fs::exists(dir, ec);
        result.diagnostics.push_back({dir.string(), 0, exists ? "not a directory" : "no such directory"});
        return result;
    }
    std::vector<fs::path> paths;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        if (pack_file_name(it->path().filename().string())) {
            paths.push_back(it->path());
        }
    }
    if (ec) {
        result.diagnostics.push_back({dir.string(), 0, "cannot list the folder: " + ec.message()});
        return result;
    }
    std::sort(paths.begin(), paths.end());
    std::vector<source_file> files;
    for (const auto& path : paths) {
        files.push_back(read_file(path, result.diagnostics));
    }
    append(result, build_pack(dir, folder_name_of(dir), files));
    sort_diagnostics(result.diagnostics);
    return result;
}

load_result load_packs(std::span<const fs::path> paths)
{
    load_result result;
    std::map<std::string, std::string, std::less<>> loaded_from;
    const auto load_one = [&](const fs::path& dir) {
        auto loaded = load_pack(dir);
        for (auto it = loaded.packs.begin(); it != loaded.packs.end();) {
            const auto [first, inserted] = loaded_from.emplace(it->key.value(), dir.string());
            if (inserted) {
                ++it;
                continue;
            }
            loaded.diagnostics.push_back(
                {dir.string(), 0, "pack " + backticked(it->key.value()) + " is already loaded from " + first->second});
            it = loaded.packs.erase(it);
        }
        append(result, std::move(loaded));
    };
    for (const auto& path : paths) {
        std::error_code ec;
        if (!fs::is_directory(path, ec) || has_pack_files(path)) {
            load_one(path); // reports a missing path or a plain file too
            continue;
        }
        std::vector<fs::path> children;
        for (fs::directory_iterator it(path, ec), end; !ec && it != end; it.increment(ec)) {
            std::error_code type_ec;
            if (it->is_directory(type_ec) && !it->path().filename().string().starts_with(".")) {
                children.push_back(it->path());
            }
        }
        if (ec) {
            result.diagnostics.push_back({path.string(), 0, "cannot list the folder: " + ec.message()});
            continue;
        }
        if (children.empty()) {
            result.diagnostics.push_back({path.string(), 0,
                                          "no pack found: expected a pack folder (with "
                                          "questions.<lang>.md and guide.<lang>.md) or a folder "
                                          "of pack folders"});
            continue;
        }
        std::sort(children.begin(), children.end());
        for (const auto& child : children) {
            load_one(child);
        }
    }
    return result;
}

} // namespace quiz::content
