// SPDX-License-Identifier: MIT
#include "engine/core/strong_id.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <type_traits>
#include <unordered_set>

namespace {
using learner_id = quiz::engine::strong_id<struct learner_tag, std::int64_t>;
using session_id = quiz::engine::strong_id<struct session_tag, std::int64_t>;
} // namespace

TEST_CASE("strong ids of different kinds do not convert into each other")
{
    STATIC_REQUIRE_FALSE(std::is_convertible_v<learner_id, session_id>);
    STATIC_REQUIRE_FALSE(std::is_convertible_v<std::int64_t, learner_id>);
    STATIC_REQUIRE(std::is_constructible_v<learner_id, std::int64_t>);
}

TEST_CASE("strong ids compare and hash by value")
{
    CHECK(learner_id{3} == learner_id{3});
    CHECK(learner_id{3} < learner_id{4});
    std::unordered_set<learner_id> seen{learner_id{1}, learner_id{1}, learner_id{2}};
    CHECK(seen.size() == 2);
}
