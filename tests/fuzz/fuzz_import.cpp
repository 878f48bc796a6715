// SPDX-License-Identifier: MIT
// Feeds arbitrary bytes to the GIFT and Aiken readers, converts what they accept into a pack, writes it and parses the
// written questions file back: whatever the source holds, the written file must read back as the same questions
// (same ids, choice counts and correct choices), so that no imported text can break the pack's structure.
#include "content/aiken_reader.hpp"
#include "content/diagnostic.hpp"
#include "content/gift_reader.hpp"
#include "content/guide_file.hpp"
#include "content/import_to_pack.hpp"
#include "content/pack_writer.hpp"
#include "content/questions_file.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace {

void check_round_trip(quiz::content::import_result imported)
{
    for (const auto& d : imported.diagnostics) {
        if (quiz::content::to_string(d).empty() || d.message.empty()) {
            __builtin_trap();
        }
    }
    const quiz::content::import_options options{
        quiz::engine::pack_key{"fuzz"}, quiz::engine::language::en, "Fuzz", "Fuzz", "fuzz.txt", 3};
    const auto result = quiz::content::to_pack(std::move(imported), options);
    const auto& pack = result.pack;
    const auto questions = quiz::content::parse_questions(
        quiz::content::write_questions(pack, quiz::engine::language::en), "questions.en.md");
    const auto guide =
        quiz::content::parse_guide(quiz::content::write_guide(pack, quiz::engine::language::en), "guide.en.md");
    if (questions.value.questions.size() != pack.questions.size() ||
        guide.value.sections.size() != pack.sections.size()) {
        __builtin_trap();
    }
    for (std::size_t i = 0; i < pack.questions.size(); ++i) {
        const auto& written = pack.questions[i];
        const auto& read = questions.value.questions[i];
        if (read.id != written.key.value() || read.choices.size() != written.choice_count() ||
            !read.choices.at(written.correct).correct) {
            __builtin_trap();
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    check_round_trip(quiz::content::read_gift(input, "fuzz.gift"));
    check_round_trip(quiz::content::read_aiken(input, "fuzz.txt"));
    return 0;
}
