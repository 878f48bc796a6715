// SPDX-License-Identifier: MIT
// Reading requests without throwing: http::parsed carries the value or the refusal (status and reason) every front
// end answers with, and the playground's readers keep the first refusal of a request.
#include "bot/http/message.hpp"
#include "bot/http/parsed.hpp"
#include "bot/web/request_fields.hpp"

#include <boost/json/parse.hpp>

#include <catch2/catch.hpp>

#include <string>

namespace web_request_reading_test {

namespace {

using quiz::bot::http::parsed;
using quiz::bot::http::refusal;
using quiz::bot::web::body_fields;

quiz::bot::http::request post(std::string body, std::string query = {})
{
    quiz::bot::http::request req;
    req.body = std::move(body);
    req.query = std::move(query);
    return req;
}

parsed<int> half(int n)
{
    if (n % 2 != 0) {
        return refusal{400, "odd"};
    }
    return n / 2;
}

} // namespace

TEST_CASE("parsed: the value, or the refusal with its status and reason", "[http][parsed]")
{
    const auto two = half(4);
    REQUIRE(two.ok());
    CHECK(*two == 2);
    const auto odd = half(3);
    REQUIRE_FALSE(odd);
    CHECK(odd.error() == refusal{400, "odd"});

    parsed<std::string> moved = std::string("text");
    CHECK(moved->size() == 4);
    const std::string taken = *std::move(moved);
    CHECK(taken == "text");

    const auto answer = quiz::bot::http::error_response(refusal{429, "slow down"}, "req-1");
    CHECK(answer.status == 429);
    const auto body = boost::json::parse(answer.body).as_object();
    CHECK(body.at("error") == "slow down");
    CHECK(body.at("request_id") == "req-1");
}

TEST_CASE("body fields: read one after another, the first refusal kept", "[http][parsed]")
{
    body_fields good(post(R"({"learner":"t","session":7,"confirm":false,"lang":"fr"})"));
    CHECK(good.text("learner") == "t");
    CHECK_FALSE(good.text("name"));
    CHECK(good.integer("session", 1, 10) == 7);
    CHECK(good.flag("confirm") == false);
    CHECK(good.lang() == quiz::engine::language::fr);
    CHECK(good.has("session"));
    CHECK_FALSE(good.has("pack"));
    CHECK_FALSE(good.refused());

    body_fields wrong(post(R"({"learner":5,"session":"x","lang":"de"})"));
    CHECK_FALSE(wrong.text("learner"));
    REQUIRE(wrong.refused());
    CHECK(*wrong.refused() == refusal{400, "\"learner\" must be a string"});
    (void)wrong.integer("session", 1, 10); // refused too, but the first refusal is what is said
    CHECK_FALSE(wrong.lang());
    wrong.refuse({404, "unknown pack"});
    CHECK(*wrong.refused() == refusal{400, "\"learner\" must be a string"});

    body_fields range(post(R"({"choice":26})"));
    (void)range.integer("choice", 0, 25);
    CHECK(*range.refused() == refusal{400, "\"choice\" is out of range"});
    body_fields missing(post("{}"));
    (void)missing.integer("session", 1, 10);
    CHECK(*missing.refused() == refusal{400, "\"session\" must be an integer"});
    body_fields flag(post(R"({"confirm":"yes"})"));
    CHECK_FALSE(flag.flag("confirm"));
    CHECK(*flag.refused() == refusal{400, "\"confirm\" must be true or false"});
    body_fields lang(post(R"({"lang":"de"})"));
    CHECK_FALSE(lang.lang());
    CHECK(*lang.refused() == refusal{400, "\"lang\" must be \"en\" or \"fr\""});

    body_fields not_json(post("{"));
    REQUIRE(not_json.refused());
    CHECK(not_json.refused()->reason.starts_with("malformed JSON body: "));
    CHECK_FALSE(not_json.text("learner")); // nothing is read from a refused body
    body_fields array(post("[1]"));
    CHECK(*array.refused() == refusal{400, "the JSON body must be an object"});
}

TEST_CASE("query readers: absent, present, or a malformed query refused", "[http][parsed]")
{
    const auto req = post({}, "pack=zero&lang=en");
    CHECK(*quiz::bot::web::query_value(req, "pack") == "zero");
    CHECK_FALSE(*quiz::bot::web::query_value(req, "learner"));
    CHECK(*quiz::bot::web::query_language(req) == quiz::engine::language::en);
    CHECK(quiz::bot::web::query_language(post({}, "lang=xx")).error() ==
          refusal{400, "\"lang\" must be \"en\" or \"fr\""});
    CHECK(quiz::bot::web::query_value(post({}, "pack=%zz"), "pack").error() == refusal{400, "malformed query string"});
    CHECK_FALSE(*quiz::bot::web::query_language(post({})));
}

} // namespace web_request_reading_test
