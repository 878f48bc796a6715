// SPDX-License-Identifier: MIT
#include "bot/cli/command.hpp"

#include <boost/json.hpp>
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace cli_srs_simulate_test {

namespace {

struct result {
    int code;
    std::string out;
    std::string err;
};

result simulate(std::vector<std::string_view> options)
{
    std::vector<std::string_view> arguments{"srs", "simulate"};
    arguments.insert(arguments.end(), options.begin(), options.end());
    std::istringstream in;
    std::ostringstream out;
    std::ostringstream err;
    const int code = quiz::bot::cli::run(arguments, {in, out, err});
    return {code, out.str(), err.str()};
}

} // namespace

TEST_CASE("srs simulate prints one JSON row per policy, the same for the same seed")
{
    const std::vector<std::string_view> small{"--learners", "3", "--days", "12", "--questions", "20",
                                              "--concepts", "4", "--seed", "9",  "--json"};
    const auto r = simulate(small);
    REQUIRE(r.code == 0);
    CHECK(r.err.empty());
    const auto report = boost::json::parse(r.out).as_object();
    CHECK(report.at("learners").as_int64() == 3);
    CHECK(report.at("seed").to_number<std::uint64_t>() == 9);
    const auto& rows = report.at("policies").as_array();
    REQUIRE(rows.size() == 6);
    CHECK(rows[0].as_object().at("policy").as_string() == "random");
    CHECK(rows[4].as_object().at("policy").as_string() == "tutor");
    CHECK(rows[4].as_object().at("knowledge_per_minute").as_double() > 0.0);
    CHECK(simulate(small).out == r.out);
}

TEST_CASE("srs simulate prints a table, and a chosen list of policies")
{
    const auto r = simulate(
        {"--learners", "2", "--days", "5", "--questions", "10", "--concepts", "2", "--policies", "fsrs,tutor"});
    REQUIRE(r.code == 0);
    CHECK(r.out.find("knowledge/min") != std::string::npos);
    CHECK(r.out.find("\nfsrs ") != std::string::npos);
    CHECK(r.out.find("\ntutor ") != std::string::npos);
    CHECK(r.out.find("\nrandom ") == std::string::npos);
}

TEST_CASE("srs simulate reports the tutor's retention, chosen or fixed")
{
    const std::vector<std::string_view> small{"--learners", "2", "--days",     "5",     "--questions", "10",
                                              "--concepts", "2", "--policies", "tutor", "--json"};
    auto fixed = small;
    fixed.insert(fixed.end(), {"--tutor-retention", "0.85"});
    const auto r = simulate(fixed);
    REQUIRE(r.code == 0);
    CHECK(boost::json::parse(r.out).at("tutor_retention").as_double() == 0.85);
    const auto chosen = simulate(small);
    REQUIRE(chosen.code == 0);
    CHECK(boost::json::parse(chosen.out).at("tutor_retention").as_double() == Approx(0.80));
}

TEST_CASE("srs simulate refuses bad arguments with exit code 2")
{
    CHECK(simulate({"--tutor-retention", "0.5"}).code == 2);
    CHECK(simulate({"--learners", "0"}).code == 2);
    CHECK(simulate({"--retention", "1.5"}).code == 2);
    CHECK(simulate({"--policies", "fsrs,magic"}).code == 2);
    CHECK(simulate({"--days", "ten"}).code == 2);
    const auto r = simulate({"--form-moves-due", "sideways"});
    CHECK(r.code == 2);
    CHECK(r.err.find("--form-moves-due") != std::string::npos);
}

} // namespace cli_srs_simulate_test
