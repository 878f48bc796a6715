// SPDX-License-Identifier: MIT
#include "content/content_hash.hpp"

#include <catch2/catch.hpp>

namespace content_content_hash_test {

using namespace quiz;

namespace {

engine::question small_question()
{
    engine::question q;
    q.key = engine::question_key("q");
    q.section = engine::section_key("s");
    q.concepts = {engine::concept_key("c")};
    q.difficulty = 2;
    q.correct = 1;
    q.misconceptions = {engine::misconception_key("m"), std::nullopt};
    q.text.set(engine::language::en, {"Why?", {{"A", "because"}, {"B", "right"}}});
    return q;
}

} // namespace

TEST_CASE("sha256_hex matches the FIPS 180-2 test vectors", "[hash]")
{
    CHECK(content::sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    CHECK(content::sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST_CASE("the canonical form is the documented netstring list", "[hash]")
{
    const auto q = small_question();
    CHECK(content::canonical_form(q) ==
          "16:quiz-question-v1,1:q,1:s,1:1,1:c,1:2,1:1,1:2,1:m,0:,2:en,4:Why?,1:2,1:A,7:because,1:B,5:right,");
    // printf '%s' '<the string above>' | sha256sum
    CHECK(content::content_hash(q) == "acc8ef4d109bb8728faad59d0e4ea4fa437e996550efbbafe26adea47d391a69");
}

TEST_CASE("any edit in any language gives a new content hash", "[hash]")
{
    auto q = small_question();
    q.text.set(engine::language::fr, {"Pourquoi ?", {{"A", "parce que"}, {"B", "exact"}}});
    const auto before = content::content_hash(q);

    auto edited = q;
    edited.text.set(engine::language::fr, {"Pourquoi ?", {{"A", "parce que"}, {"B", "exact."}}});
    CHECK(content::content_hash(edited) != before);

    auto moved = q; // the same words split differently between fields must not collide
    moved.text.set(engine::language::fr, {"Pourquoi ?", {{"A", "parce qu"}, {"eB", "exact"}}});
    CHECK(content::content_hash(moved) != before);

    auto harder = q;
    harder.difficulty = 3;
    CHECK(content::content_hash(harder) != before);

    CHECK(content::content_hash(q) == before);
}

} // namespace content_content_hash_test
