// SPDX-License-Identifier: MIT
#include "bot/cli/args.hpp"
#include "bot/cli/commands.hpp"
#include "bot/cli/number_text.hpp"
#include "content/diagnostic.hpp"
#include "content/pack_loader.hpp"
#include "engine/core/pack.hpp"

#include <algorithm>
#include <array>
#include <filesystem>
#include <iomanip>
#include <ostream>
#include <string>
#include <vector>

namespace quiz::bot::cli {

namespace {

using content::diagnostic;

struct summary_row {
    std::string kind;
    std::string id;
    std::vector<std::size_t> counts;         ///< per language of the pack
    std::array<std::size_t, 5> difficulty{}; ///< questions at difficulty 1..5, whatever their languages

    void add(const engine::pack& pack, const engine::question& q)
    {
        for (std::size_t i = 0; i < pack.languages.size(); ++i) {
            counts[i] += q.text.has(pack.languages[i]) ? 1U : 0U;
        }
        const auto level = std::clamp(q.difficulty, 1, 5);
        ++difficulty[static_cast<std::size_t>(level - 1)];
    }
};

std::vector<summary_row> summarize(const engine::pack& pack)
{
    const std::size_t n = pack.languages.size();
    std::vector<summary_row> rows;
    rows.push_back({"questions", "", std::vector<std::size_t>(n)});
    for (const auto& q : pack.questions) {
        rows.front().add(pack, q);
    }
    for (const auto& tag : pack.concepts) {
        summary_row row{"concept", tag.key.value(), std::vector<std::size_t>(n)};
        for (const auto& q : pack.questions) {
            if (std::find(q.concepts.begin(), q.concepts.end(), tag.key) != q.concepts.end()) {
                row.add(pack, q);
            }
        }
        rows.push_back(std::move(row));
    }
    for (const auto& section : pack.sections) {
        summary_row row{"section", section.key.value(), std::vector<std::size_t>(n)};
        for (const auto& q : pack.questions) {
            if (q.section == section.key) {
                row.add(pack, q);
            }
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

void print_summary(std::ostream& out, const engine::pack& pack)
{
    const auto* title = pack.title.best(engine::language::en);
    out << "pack " << pack.key.value() << ": " << (title != nullptr ? *title : std::string{}) << '\n';
    const auto rows = summarize(pack);
    constexpr int kind_width = 9;
    constexpr int count_width = 5;
    constexpr int difficulty_width = 4;
    std::size_t id_width = 0;
    for (const auto& row : rows) {
        id_width = std::max(id_width, row.id.size());
    }
    const auto label_width = static_cast<int>(id_width) + kind_width + 3;
    out << std::left << std::setw(label_width) << "";
    for (const auto lang : pack.languages) {
        out << std::right << std::setw(count_width) << engine::code(lang);
    }
    out << "   ";
    for (int level = 1; level <= 5; ++level) {
        out << std::right << std::setw(difficulty_width) << ("d" + std::to_string(level));
    }
    out << '\n';
    for (const auto& row : rows) {
        out << "  " << std::left << std::setw(kind_width) << row.kind << ' ' << std::setw(static_cast<int>(id_width))
            << row.id;
        for (const auto count : row.counts) {
            out << std::right << std::setw(count_width) << count;
        }
        out << "   ";
        for (const auto count : row.difficulty) {
            out << std::right << std::setw(difficulty_width) << count;
        }
        out << '\n';
    }
}

int run_content_check(const std::vector<std::string_view>& words, io streams)
{
    const auto parsed = args::parse(words, {});
    std::vector<std::filesystem::path> paths(parsed.positionals().begin(), parsed.positionals().end());
    if (paths.empty()) {
        paths.emplace_back("content/packs");
    }
    const auto result = content::load_packs(paths);
    for (const auto& d : result.diagnostics) {
        streams.err << d << '\n';
    }
    const auto errors = content::count(result.diagnostics, diagnostic::severity::error);
    const auto warnings = content::count(result.diagnostics, diagnostic::severity::warning);
    if (errors != 0) {
        streams.err << "content check: " << counted(errors, "error") << ", " << counted(warnings, "warning") << '\n';
        return exit_failure;
    }
    for (const auto& pack : result.packs) {
        print_summary(streams.out, pack);
    }
    streams.out << "content check: " << counted(result.packs.size(), "pack") << " valid, "
                << counted(warnings, "warning") << '\n';
    return exit_ok;
}

} // namespace

const command content_check_command{
    {"content", "check"},
    "[DIR...]",
    "validates packs (default content/packs): every problem as file:line, then a summary per pack",
    run_content_check,
};

} // namespace quiz::bot::cli
