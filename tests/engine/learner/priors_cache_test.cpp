// SPDX-License-Identifier: MIT
#include "engine/learner/priors_cache.hpp"

#include "tests/support/test_pack.hpp"
#include "tests/support/tutor_fixtures.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <vector>

namespace learner_priors_cache_test {

using namespace quiz::engine;
using namespace std::chrono_literals;
using quiz::test::noon_day0;
using quiz::test::pack_builder;

namespace {

pack_index two_question_pack()
{
    pack_builder builder;
    builder.concept_tag("a", "A", "A").section("s", "S", "S");
    builder.question("q0", "s", {"a"}).question("q1", "s", {"a"});
    return pack_index(builder.build());
}

} // namespace

TEST_CASE("a pack's priors are read again once they are older than population_fresh_for, and made again only when "
          "the figures changed")
{
    const auto index = two_question_pack();
    const tutor_config config; // population_fresh_for: a second
    priors_cache cache;
    std::vector<question_stats> figures{{question_key{"q0"}, 10, 10}};
    int reads = 0;
    const auto read = [&] {
        ++reads;
        return figures;
    };
    const auto now = noon_day0();
    const auto first = cache.priors(index, now, config, read);
    CHECK(reads == 1);
    // Ten right first answers out of ten: q0 is easier than q1, which nobody answered yet.
    CHECK(first->ease[0] > first->ease[1]);

    figures = {{question_key{"q0"}, 10, 0}};
    CHECK(cache.priors(index, now + 999ms, config, read) == first);
    CHECK(reads == 1); // fresh: not read

    const auto second = cache.priors(index, now + 1s, config, read);
    CHECK(reads == 2);
    REQUIRE(second != first);
    CHECK(second->ease[0] < first->ease[0]); // now ten wrong first answers
    CHECK(second->ease[1] == first->ease[1]);

    CHECK(cache.priors(index, now + 3s, config, read) == second); // read again, unchanged: the same priors
    CHECK(reads == 3);
    CHECK(cache.priors(index, now, config, read) == second); // the clock went back: read again
    CHECK(reads == 4);

    tutor_config every_time = config;
    every_time.population_fresh_for = 0ms;
    (void)cache.priors(index, now, every_time, read);
    (void)cache.priors(index, now, every_time, read);
    CHECK(reads == 6);
}

TEST_CASE("priors are kept per pack, and a pack loaded again gets its own")
{
    const auto index = two_question_pack();
    const auto reloaded = two_question_pack(); // the same key, another index
    pack_builder other_builder("other");
    other_builder.concept_tag("a", "A", "A").section("s", "S", "S").question("only", "s", {"a"});
    const pack_index other(other_builder.build());
    const tutor_config config;
    priors_cache cache;
    const auto none = [] { return std::vector<question_stats>{}; };
    const auto now = noon_day0();
    const auto first = cache.priors(index, now, config, none);
    const auto of_other = cache.priors(other, now, config, none);
    CHECK(of_other->ease.size() == 1);
    CHECK(cache.priors(index, now, config, none) == first);
    const auto of_reloaded = cache.priors(reloaded, now, config, none);
    CHECK(of_reloaded != first);
    CHECK(of_reloaded->ease.size() == 2);
}

} // namespace learner_priors_cache_test
