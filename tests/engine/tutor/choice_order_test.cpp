// SPDX-License-Identifier: MIT
#include "engine/tutor/choice_order.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

namespace tutor_choice_order_test {

using namespace quiz::engine;

TEST_CASE("the choice order is a permutation, the same for the same learner, question, attempt and seed")
{
    const question_key key{"zero-stage1-state"};
    const auto order = choice_order(99, 7, key, 0, 4);
    auto sorted = order;
    std::sort(sorted.begin(), sorted.end());
    CHECK(sorted == std::vector<std::uint32_t>{0, 1, 2, 3});
    CHECK(choice_order(99, 7, key, 0, 4) == order);
}

TEST_CASE("the order changes with the attempt, the learner and the seed, and puts each choice first")
{
    const question_key key{"q"};
    std::set<std::vector<std::uint32_t>> orders;
    std::set<std::uint32_t> firsts;
    for (int attempt = 0; attempt < 40; ++attempt) {
        const auto order = choice_order(1, 1, key, attempt, 4);
        orders.insert(order);
        firsts.insert(order.front());
    }
    CHECK(orders.size() > 10);
    CHECK(firsts.size() == 4);
    int learners_differing = 0;
    int seeds_differing = 0;
    for (std::int64_t other = 2; other < 12; ++other) {
        learners_differing += choice_order(1, other, key, 0, 4) != choice_order(1, 1, key, 0, 4) ? 1 : 0;
        seeds_differing +=
            choice_order(static_cast<std::uint64_t>(other), 1, key, 0, 4) != choice_order(1, 1, key, 0, 4) ? 1 : 0;
    }
    CHECK(learners_differing > 5);
    CHECK(seeds_differing > 5);
}

TEST_CASE("letters and numbers name display positions")
{
    CHECK(choice_letter(0) == 'A');
    CHECK(choice_letter(3) == 'D');
    CHECK(parse_choice("a") == std::optional<std::uint32_t>{0});
    CHECK(parse_choice(" C ") == std::optional<std::uint32_t>{2});
    CHECK(parse_choice("2") == std::optional<std::uint32_t>{1});
    CHECK_FALSE(parse_choice("0").has_value());
    CHECK_FALSE(parse_choice("").has_value());
    CHECK_FALSE(parse_choice("ab").has_value());
    CHECK_FALSE(parse_choice("-1").has_value());
}

} // namespace tutor_choice_order_test
