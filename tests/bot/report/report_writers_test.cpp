// SPDX-License-Identifier: MIT
#include "bot/report/writers.hpp"

#include <boost/json/parse.hpp>

#include <catch2/catch.hpp>

#include <sstream>

namespace quiz::bot::report::report_report_writers_test {
namespace {

TEST_CASE("csv: text that a spreadsheet would run as a formula gets a leading quote")
{
    CHECK(csv_field(std::string("=1+2")) == "'=1+2");
    CHECK(csv_field(std::string("+x")) == "'+x");
    CHECK(csv_field(std::string("-x")) == "'-x");
    CHECK(csv_field(std::string("@x")) == "'@x");
    CHECK(csv_field(std::string("\tx")) == "'\tx");
    CHECK(csv_field(std::string("\rx")) == "\"'\rx\""); // defused, then quoted for its CR
    CHECK(csv_field(std::string("a=b")) == "a=b");      // only the first character matters
    CHECK(csv_field(std::string("")).empty());
}

TEST_CASE("csv: quotes, commas and newlines are quoted as RFC 4180 says")
{
    CHECK(csv_field(std::string("say \"hi\"")) == "\"say \"\"hi\"\"\"");
    CHECK(csv_field(std::string("a,b")) == "\"a,b\"");
    CHECK(csv_field(std::string("two\nlines")) == "\"two\nlines\"");
    CHECK(csv_field(std::string("-1,5")) == "\"'-1,5\"");
}

TEST_CASE("csv: numbers stay numbers, a negative one included")
{
    CHECK(csv_field(number{-0.12, 2}) == "-0.12");
    CHECK(csv_field(number{0.5, 3}) == "0.500");
    CHECK(csv_field(std::int64_t{-3}) == "-3");
    CHECK(csv_field(cell{}).empty());
}

TEST_CASE("csv: a header line and CRLF-ended rows")
{
    const table rows{{"name", "score"}, {{std::string("=cmd"), number{-0.25, 2}}, {std::string("Bo"), cell{}}}};
    std::ostringstream out;
    write_csv(out, rows);
    CHECK(out.str() == "name,score\r\n'=cmd,-0.25\r\nBo,\r\n");
}

TEST_CASE("json: one object per row keyed by column, empty cells null, text as written")
{
    const table rows{{"name", "n", "share"},
                     {{std::string("=x"), std::int64_t{2}, number{0.125, 2}}, {cell{}, std::int64_t{0}, cell{}}}};
    std::ostringstream out;
    write_json(out, rows);
    const auto parsed = boost::json::parse(out.str());
    const auto& array = parsed.as_array();
    REQUIRE(array.size() == 2);
    CHECK(array[0].at("name").as_string() == "=x");
    CHECK(array[0].at("n").as_int64() == 2);
    CHECK(array[0].at("share").as_double() == 0.125);
    CHECK(array[1].at("name").is_null());
    CHECK(array[1].at("share").is_null());
}

TEST_CASE("text: columns aligned by characters, numbers to the right")
{
    const table rows{{"name", "n"}, {{std::string("Zoé"), std::int64_t{12}}, {std::string("Al"), std::int64_t{3}}}};
    std::ostringstream out;
    write_text(out, rows);
    CHECK(out.str() == "name   n\nZoé   12\nAl     3\n");
}

TEST_CASE("formats by name")
{
    CHECK(parse_format("table") == format::text);
    CHECK(parse_format("csv") == format::csv);
    CHECK(parse_format("json") == format::json);
    CHECK_FALSE(parse_format("xml"));
}

} // namespace
} // namespace quiz::bot::report::report_report_writers_test
