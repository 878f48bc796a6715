// SPDX-License-Identifier: MIT
// The pack the product ships: it must pass every check, in both languages, and keep the seed quiz's answer key.
#include "content/pack_loader.hpp"

#include "content/pack_fixture.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

namespace content_shipped_pack_test {

using namespace quiz;
using engine::language;

namespace {

const std::filesystem::path shipped = std::filesystem::path(QUIZ_SOURCE_DIR) / "content/packs/zero-sharded";

} // namespace

TEST_CASE("the zero-sharded pack passes the check in both languages", "[shipped]")
{
    const auto result = content::load_pack(shipped);
    INFO([&] {
        std::string all;
        for (const auto& d : result.diagnostics) {
            all += content::to_string(d) + '\n';
        }
        return all;
    }());
    CHECK(quiz::test::errors_of(result).empty());
    // No warning either: no key given away by its length, French typography throughout, every tag used.
    CHECK(quiz::test::warnings_of(result).empty());
    REQUIRE(result.packs.size() == 1);
    const auto& pack = result.packs[0];
    CHECK(pack.key.value() == "zero-sharded");
    CHECK(pack.languages == std::vector{language::en, language::fr});
    CHECK(pack.questions.size() >= 48);
    for (const auto& q : pack.questions) {
        INFO(q.key.value());
        CHECK(q.text.has(language::en));
        CHECK(q.text.has(language::fr));
    }
}

TEST_CASE("the zero-sharded pack holds the 8 seed questions with the seed's answer key", "[shipped]")
{
    const auto result = content::load_pack(shipped);
    REQUIRE(result.packs.size() == 1);
    const auto& pack = result.packs[0];
    // Correct option position in the seed quiz, 0-based: Q1 first, Q2 second, ... Q8 fourth.
    const std::vector<std::pair<std::string, std::size_t>> seed{
        {"zero-redundancy", 0},         {"adam-state-dominates", 1}, {"stage3-partitions", 2}, {"stage3-gathers", 3},
        {"pytorch-native-sharding", 0}, {"zero-tradeoff", 1},        {"stage1-partitions", 2}, {"sharding-cost", 3},
    };
    for (const auto& [id, correct] : seed) {
        INFO(id);
        const auto* q = pack.find(engine::question_key(id));
        REQUIRE(q != nullptr);
        CHECK(q->correct == correct);
        CHECK(q->choice_count() >= 4);
    }
}

TEST_CASE("every topic the zero-sharded pack promises has at least five hard questions", "[shipped]")
{
    const auto result = content::load_pack(shipped);
    REQUIRE(result.packs.size() == 1);
    const auto& pack = result.packs[0];
    // The description's promise: stages, Adam memory, gathering, reduction, offload and communication costs.
    for (const std::string section :
         {"zero-stages", "adam-memory", "parameter-gathering", "gradient-reduction", "offload", "communication"}) {
        const auto hard = std::count_if(pack.questions.begin(), pack.questions.end(), [&](const engine::question& q) {
            return q.section.value() == section && q.difficulty >= 3;
        });
        INFO(section);
        CHECK(hard >= 5);
    }
}

} // namespace content_shipped_pack_test
