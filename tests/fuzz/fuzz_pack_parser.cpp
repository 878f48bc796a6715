// SPDX-License-Identifier: MIT
// Feeds arbitrary bytes to the questions and guide parsers and to the French typography check, then to the whole
// pack check: NUL bytes split the input into questions.en.md, guide.en.md, questions.fr.md and guide.fr.md so that
// cross-file and cross-language rules run.
#include "content/diagnostic.hpp"
#include "content/french_typography.hpp"
#include "content/guide_file.hpp"
#include "content/pack_loader.hpp"
#include "content/questions_file.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace {

void consume(const std::vector<quiz::content::diagnostic>& diagnostics)
{
    for (const auto& d : diagnostics) {
        // Every message must be printable; to_string also walks each byte.
        if (quiz::content::to_string(d).empty() || d.message.empty()) {
            __builtin_trap();
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view input(reinterpret_cast<const char*>(data), size);

    consume(quiz::content::parse_questions(input, "questions.en.md").diagnostics);
    consume(quiz::content::parse_guide(input, "guide.en.md").diagnostics);
    for (const auto kind : {quiz::content::file_kind::questions, quiz::content::file_kind::guide}) {
        std::vector<quiz::content::diagnostic> typography;
        quiz::content::check_french_typography(input, kind, quiz::content::reporter("questions.fr.md", typography));
        consume(typography);
    }

    constexpr std::array names{"questions.en.md", "guide.en.md", "questions.fr.md", "guide.fr.md"};
    std::vector<quiz::content::source_file> files;
    std::string_view rest = input;
    for (std::size_t i = 0; i < names.size() && !rest.empty(); ++i) {
        const auto nul = rest.find('\0');
        files.push_back({names[i], std::string(rest.substr(0, nul)), true});
        rest = nul == std::string_view::npos ? std::string_view{} : rest.substr(nul + 1);
    }
    const auto result = quiz::content::build_pack("fuzz", "fuzz", files);
    consume(result.diagnostics);
    if (!result.packs.empty() && result.packs.front().key.value() != "fuzz") {
        __builtin_trap();
    }
    return 0;
}
