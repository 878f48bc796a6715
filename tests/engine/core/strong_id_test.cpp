// SPDX-License-Identifier: MIT
#include "engine/core/strong_id.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <type_traits>
#include <unordered_set>

namespace core_strong_id_test {

namespace {
using apple_id = quiz::engine::strong_id<struct apple_tag, std::int64_t>;
using pear_id = quiz::engine::strong_id<struct pear_tag, std::int64_t>;
} // namespace

TEST_CASE("strong ids of different kinds do not convert into each other")
{
    STATIC_REQUIRE_FALSE(std::is_convertible_v<apple_id, pear_id>);
    STATIC_REQUIRE_FALSE(std::is_convertible_v<std::int64_t, apple_id>);
    STATIC_REQUIRE(std::is_constructible_v<apple_id, std::int64_t>);
}

TEST_CASE("strong ids compare and hash by value")
{
    CHECK(apple_id{3} == apple_id{3});
    CHECK(apple_id{3} < apple_id{4});
    std::unordered_set<apple_id> seen{apple_id{1}, apple_id{1}, apple_id{2}};
    CHECK(seen.size() == 2);
}

} // namespace core_strong_id_test
