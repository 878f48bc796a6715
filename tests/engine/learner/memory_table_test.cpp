// SPDX-License-Identifier: MIT
#include "engine/learner/memory_table.hpp"

#include <catch2/catch.hpp>

#include <vector>

namespace learner_memory_table_test {

using namespace quiz::engine;

TEST_CASE("a learner's memory table keeps the questions met only, in question order")
{
    memory_table table;
    const memory_table& read = table;
    CHECK_FALSE(read[5].seen());
    CHECK(table.stored() == 0); // reading a question never met adds nothing

    table[7].attempts = 7;
    table[2].attempts = 2;
    table[5].attempts = 5;
    table[2].wrong = 1; // the same row again
    CHECK(table.stored() == 3);
    CHECK(std::vector<std::uint32_t>(table.questions().begin(), table.questions().end()) ==
          std::vector<std::uint32_t>{2, 5, 7});
    std::vector<int> attempts;
    for (const auto& memory : table) {
        attempts.push_back(memory.attempts);
    }
    CHECK(attempts == std::vector<int>{2, 5, 7});
    CHECK(read[2].wrong == 1);
    CHECK(read[5].attempts == 5);
    CHECK_FALSE(read[3].seen());
    CHECK_FALSE(read[8].seen());
}

} // namespace learner_memory_table_test
