// SPDX-License-Identifier: MIT
#include "bot/http/router.hpp"
#include "bot/http/url_encoding.hpp"

#include <catch2/catch.hpp>

namespace http_router_test {

namespace {

using quiz::bot::http::request;
using quiz::bot::http::response;
using quiz::bot::http::router;
using quiz::bot::http::verb;

router::match find(const router& r, verb v, std::string_view path) { return r.find(v, path); }

response ok(const request&) { return response::text(200, "ok"); }

} // namespace

TEST_CASE("router: literal paths and parameters", "[router]")
{
    router r;
    r.add(verb::get, "/", ok);
    r.add(verb::get, "/guide/{pack}/{section}", ok);
    r.add(verb::get, "/guide/{pack}/index", ok);

    CHECK(find(r, verb::get, "/").result == router::outcome::found);
    const auto m = find(r, verb::get, "/guide/zero/stage-1");
    REQUIRE(m.result == router::outcome::found);
    CHECK(m.pattern == "/guide/{pack}/{section}");
    CHECK(m.params.at("pack") == "zero");
    CHECK(m.params.at("section") == "stage-1");
    CHECK(m.target != nullptr);

    SECTION("a literal segment wins over a parameter")
    {
        CHECK(find(r, verb::get, "/guide/zero/index").pattern == "/guide/{pack}/index");
    }
    SECTION("parameters are percent-decoded")
    {
        CHECK(find(r, verb::get, "/guide/z%C3%A9ro/a%2Fb").params.at("pack") == "z\xC3\xA9ro");
        CHECK(find(r, verb::get, "/guide/z/a%2Fb").params.at("section") == "a/b");
    }
    SECTION("a malformed escape in a parameter is a bad path")
    {
        CHECK(find(r, verb::get, "/guide/z%G1/x").result == router::outcome::bad_path);
        CHECK(find(r, verb::get, "/guide/z%/x").result == router::outcome::bad_path);
        CHECK(find(r, verb::get, "/guide/z%00/x").result == router::outcome::bad_path);
    }
    SECTION("segments must match in number and be non-empty for parameters")
    {
        CHECK(find(r, verb::get, "/guide/zero").result == router::outcome::not_found);
        CHECK(find(r, verb::get, "/guide/zero/a/b").result == router::outcome::not_found);
        CHECK(find(r, verb::get, "/guide//a").result == router::outcome::not_found);
        CHECK(find(r, verb::get, "/guide/zero/a/").result == router::outcome::not_found);
        CHECK(find(r, verb::get, "").result == router::outcome::not_found);
        CHECK(find(r, verb::get, "guide").result == router::outcome::not_found);
    }
}

TEST_CASE("router: 405 lists the allowed methods, HEAD follows GET", "[router]")
{
    router r;
    r.add(verb::get, "/items/{id}", ok);
    r.add(verb::put, "/items/{id}", ok);
    r.add(verb::post, "/submit", ok);

    const auto wrong = find(r, verb::delete_, "/items/3");
    CHECK(wrong.result == router::outcome::method_not_allowed);
    CHECK(wrong.allow == "GET, HEAD, PUT");
    CHECK(wrong.target == nullptr);

    CHECK(find(r, verb::head, "/items/3").result == router::outcome::found);
    CHECK(find(r, verb::head, "/submit").result == router::outcome::method_not_allowed);
    CHECK(find(r, verb::get, "/submit").allow == "POST");
    CHECK(find(r, verb::other, "/submit").result == router::outcome::method_not_allowed);
}

TEST_CASE("router: a method registered on another pattern that also matches is found", "[router]")
{
    router r;
    r.add(verb::get, "/guide/index", ok);
    r.add(verb::post, "/guide/{pack}", ok);
    CHECK(find(r, verb::post, "/guide/index").pattern == "/guide/{pack}");
    CHECK(find(r, verb::get, "/guide/index").pattern == "/guide/index");
    CHECK(find(r, verb::delete_, "/guide/index").allow == "GET, HEAD, POST");
}

TEST_CASE("router: malformed patterns and duplicates are refused at registration", "[router]")
{
    router r;
    r.add(verb::get, "/a/{x}", ok);
    CHECK_THROWS_AS(r.add(verb::get, "/a/{x}", ok), std::invalid_argument);
    CHECK_NOTHROW(r.add(verb::post, "/a/{x}", ok));
    CHECK_THROWS_AS(r.add(verb::get, "no-slash", ok), std::invalid_argument);
    CHECK_THROWS_AS(r.add(verb::get, "/b/{x", ok), std::invalid_argument);
    CHECK_THROWS_AS(r.add(verb::get, "/b/x{y}", ok), std::invalid_argument);
    CHECK_THROWS_AS(r.add(verb::get, "/b/{}", ok), std::invalid_argument);
    CHECK_THROWS_AS(r.add(verb::get, "/b/{x}/{x}", ok), std::invalid_argument);
    CHECK_THROWS_AS(r.add(verb::other, "/c", ok), std::invalid_argument);
    CHECK_THROWS_AS(r.add(verb::get, "/d", quiz::bot::http::handler{}), std::invalid_argument);
}

TEST_CASE("percent decoding and form parsing", "[router]")
{
    using quiz::bot::http::parse_form;
    using quiz::bot::http::percent_decode;
    using quiz::bot::http::percent_encode;

    CHECK(percent_decode("a%20b+c") == "a b+c");
    CHECK(percent_decode("a%20b+c", true) == "a b c");
    CHECK_FALSE(percent_decode("%2"));
    CHECK_FALSE(percent_decode("%zz"));
    CHECK_FALSE(percent_decode("%00"));

    const auto form = parse_form("command=%2Fquiz&text=hello+world&&empty=&flag");
    REQUIRE(form);
    REQUIRE(form->size() == 4);
    CHECK((*form)[0] == std::pair<std::string, std::string>{"command", "/quiz"});
    CHECK((*form)[1] == std::pair<std::string, std::string>{"text", "hello world"});
    CHECK((*form)[2] == std::pair<std::string, std::string>{"empty", ""});
    CHECK((*form)[3] == std::pair<std::string, std::string>{"flag", ""});
    CHECK_FALSE(parse_form("a=%G0"));
    // Names and values must be well-formed UTF-8: a lone byte, an overlong '/', a surrogate, above U+10FFFF, a cut
    // sequence; two to four bytes that are well formed pass.
    for (const auto* bad : {"text=%FF", "text=%C0%AF", "text=%ED%A0%80", "text=%F4%90%80%80", "text=%E2%82", "%FE=x"}) {
        INFO(bad);
        CHECK_FALSE(parse_form(bad));
    }
    const auto accented = parse_form("text=%C3%A9%E2%82%AC%F0%9F%98%80");
    REQUIRE(accented);
    CHECK(accented->at(0).second == "\u00e9\u20ac\U0001F600");

    CHECK(percent_encode("a b/c~é") == "a%20b%2Fc~%C3%A9");
}

} // namespace http_router_test
