// SPDX-License-Identifier: MIT
#include "bot/cli/args.hpp"
#include "bot/cli/commands.hpp"
#include "bot/cli/number_text.hpp"
#include "content/aiken_reader.hpp"
#include "content/diagnostic.hpp"
#include "content/gift_reader.hpp"
#include "content/import_to_pack.hpp"
#include "content/pack_writer.hpp"
#include "content/source_lines.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <ostream>
#include <sstream>
#include <string>

namespace quiz::bot::cli {

namespace {

namespace fs = std::filesystem;
using content::diagnostic;

std::string read_source(const std::string& file)
{
    std::error_code error;
    if (!fs::is_regular_file(file, error)) {
        throw usage_error("cannot read " + file + ": no such file");
    }
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in) {
        throw usage_error("cannot read " + file);
    }
    return std::move(text).str();
}

/// "gpu_training-basics" -> "Gpu training basics": a readable default title from a file name.
std::string humanize(std::string name)
{
    for (char& c : name) {
        if (c == '-' || c == '_') {
            c = ' ';
        }
    }
    if (!name.empty() && name.front() >= 'a' && name.front() <= 'z') {
        name.front() = static_cast<char>(name.front() - 'a' + 'A');
    }
    return name;
}

/// A file's name without its extensions: "zero.aiken.txt" -> "zero".
std::string base_name(const std::string& file)
{
    std::string name = fs::path(file).filename().string();
    if (const auto dot = name.find('.', 1); dot != std::string::npos) {
        name.resize(dot);
    }
    return name;
}

/// The folder's own name, also for `.`, `..` and a trailing slash.
std::string folder_name(const fs::path& dir)
{
    fs::path path = fs::absolute(dir).lexically_normal();
    if (path.filename().empty()) {
        path = path.parent_path();
    }
    return path.filename().string();
}

void check_destination(const fs::path& out, bool force)
{
    std::error_code error;
    const auto status = fs::status(out, error);
    if (!fs::exists(status)) {
        return;
    }
    if (!fs::is_directory(status)) {
        throw usage_error(out.string() + " exists and is not a folder");
    }
    if (!force && !fs::is_empty(out, error)) {
        throw usage_error(out.string() + " is not empty: pass --force to replace the pack files in it");
    }
}

int run_import(const std::vector<std::string_view>& words, io streams)
{
    const args parsed = args::parse(words, {"from", "out", "lang", "pack", "title"}, {"force"});
    if (parsed.positionals().size() != 1) {
        throw usage_error(parsed.positionals().empty() ? "name the GIFT or Aiken file to import"
                                                       : "import one file at a time");
    }
    const std::string& file = parsed.positionals().front();
    const std::string from = parsed.value_or("from", "");
    if (from != "gift" && from != "aiken") {
        throw usage_error(from.empty() ? "--from is required: gift or aiken"
                                       : "--from must be gift or aiken, not " + from);
    }
    const auto out = parsed.value("out");
    if (!out || out->empty()) {
        throw usage_error("--out is required: the pack folder to write");
    }
    const std::string lang_code = parsed.value_or("lang", "en");
    const auto lang = engine::parse_language(lang_code);
    if (!lang || (lang_code != "en" && lang_code != "fr")) {
        throw usage_error("--lang must be en or fr, not " + lang_code);
    }
    const fs::path out_dir(*out);
    const std::string folder = folder_name(out_dir);
    const std::string pack_id = parsed.value_or("pack", folder);
    if (!content::is_valid_id(pack_id)) {
        throw usage_error("pack id " + content::backticked(pack_id) +
                          (parsed.value("pack") ? "" : " (the --out folder's name)") +
                          " must use lowercase letters, digits and '-': " +
                          (parsed.value("pack") ? "fix --pack" : "rename the folder or pass --pack"));
    }
    check_destination(out_dir, parsed.flag("force"));
    const std::string text = read_source(file);

    content::import_result imported = from == "gift" ? content::read_gift(text, file) : content::read_aiken(text, file);
    const std::size_t found = imported.blocks;
    const std::string file_title = humanize(base_name(file));
    content::import_options options{
        engine::pack_key{pack_id}, *lang, parsed.value_or("title", file_title), file_title, file, 3};
    content::imported_pack result = content::to_pack(std::move(imported), options);
    if (pack_id != folder) {
        result.diagnostics.push_back({out_dir.string(), 0,
                                      "the pack id " + content::backticked(pack_id) + " differs from the folder name " +
                                          content::backticked(folder) + ": `content check` expects them to match",
                                      diagnostic::severity::warning});
    }

    for (const diagnostic& problem : result.diagnostics) {
        streams.err << problem << '\n';
    }
    const engine::pack& pack = result.pack;
    streams.out << "imported " << pack.questions.size() << " of " << counted(found, "question") << " from " << file;
    if (pack.questions.empty()) {
        streams.out << ": nothing to write\n";
        return exit_failure;
    }
    const auto written = content::write_pack_files(pack, *lang, out_dir);
    streams.out << " into pack " << pack_id << " (" << engine::code(*lang)
                << "): " << counted(pack.sections.size(), "guide section") << ", "
                << counted(pack.concepts.size(), "concept") << '\n';
    for (const fs::path& path : written) {
        streams.out << "wrote " << path.string() << '\n';
    }
    const std::size_t errors = content::count(result.diagnostics, diagnostic::severity::error);
    const std::size_t warnings = content::count(result.diagnostics, diagnostic::severity::warning);
    if (errors != 0 || warnings != 0) {
        streams.out << counted(errors, "error") << ", " << counted(warnings, "warning");
        if (errors != 0) {
            streams.out << ": complete the pack where reported, then run `quizbot content check " << out_dir.string()
                        << '`';
        }
        streams.out << '\n';
    }
    return errors == 0 ? exit_ok : exit_failure;
}

} // namespace

const command content_import_command{
    {"content", "import"},
    "--from gift|aiken FILE --out DIR [--lang en|fr] [--pack ID] [--title TEXT] [--force]",
    "converts a Moodle GIFT or Aiken file into a pack (multiple-choice questions; everything else is reported)",
    &run_import,
};

} // namespace quiz::bot::cli
