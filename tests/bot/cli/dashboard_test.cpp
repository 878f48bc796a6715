// SPDX-License-Identifier: MIT
#include "bot/cli/command.hpp"
#include "bot/dashboard/report_link.hpp"
#include "storage/database.hpp"
#include "storage/forget.hpp"
#include "tests/bot/http/support/loopback_client.hpp"
#include "tests/bot/http/support/serve_in_process.hpp"
#include "tests/bot/http/support/test_pki.hpp"
#include "tests/support/temp_dir.hpp"

#include <SQLiteCpp/Database.h>
#include <catch2/catch.hpp>

#include <map>
#include <sstream>

namespace cli_dashboard_test {

namespace {

using namespace std::chrono_literals;

const std::string key = "a-dashboard-key-of-at-least-thirty-two-bytes";

/// A generated class of 12 learners: one renamed to a formula, one forgotten.
std::string make_class(const quiz::test::temp_dir& dir)
{
    const std::string db = (dir.path() / "class.db").string();
    const std::string content = std::string(QUIZ_SOURCE_DIR) + "/content/packs";
    const std::vector<std::string_view> words{"report", "demo-class", "--learners", "12", "--seed",    "3",
                                              "--days", "4",          "--db",       db,   "--content", content};
    std::istringstream in;
    std::ostringstream out;
    std::ostringstream err;
    REQUIRE(quiz::bot::cli::run(words, {in, out, err}) == 0);
    SQLite::Database handle = quiz::storage::open_database(db);
    handle.exec(R"(UPDATE learner SET display_name = '=HYPERLINK("x")' WHERE external_id = 'learner-001')");
    REQUIRE(quiz::storage::forget_learner(handle, "demo", "learner-002"));
    return db;
}

quiz::test::serve_in_process::variables dashboard_variables(const std::string& db)
{
    return {{"QUIZBOT_DB", db},
            {"QUIZBOT_CONTENT", std::string(QUIZ_SOURCE_DIR) + "/content/packs"},
            {"QUIZBOT_THREADS", "2"},
            {"QUIZBOT_REPORT_SECRET", key}};
}

std::string link(const std::string& scope, std::chrono::seconds valid = 1h, const std::string& with = key)
{
    const auto until = std::chrono::time_point_cast<std::chrono::seconds>(std::chrono::system_clock::now()) + valid;
    return quiz::bot::dashboard::report_links(with).query({scope, "cli", until});
}

bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

} // namespace

TEST_CASE("dashboard: every page and export behind a signed link", "[dashboard]")
{
    quiz::test::temp_dir dir;
    const auto db = make_class(dir);
    const quiz::test::serve_in_process server(dashboard_variables(db));
    quiz::test::loopback_client c(server.port());
    const auto query = link("demo:class-3");

    for (const std::string path :
         {"/reports", "/reports/items", "/reports/learners", "/reports/concepts", "/reports/activity"}) {
        INFO(path);
        const auto page = c.request("GET", path + "?" + query);
        REQUIRE(page);
        CHECK(page->status == 200);
        CHECK(page->field("content-type") == "text/html; charset=utf-8");
        CHECK(page->field("cache-control") == "no-store");
        CHECK(page->field("referrer-policy") == "no-referrer");
        CHECK(page->field("x-robots-tag") == "noindex");
        CHECK(has(page->field("content-security-policy"), "default-src 'none'"));
        CHECK_FALSE(has(page->field("content-security-policy"), "script"));
        CHECK_FALSE(has(page->body, "<script"));
        CHECK_FALSE(has(page->body, "learner-002"));
        CHECK_FALSE(has(page->body, "Learner 002"));
        const auto french = c.request("GET", path + "?" + query + "&lang=fr");
        REQUIRE(french);
        CHECK(french->status == 200);
        CHECK(has(french->body, "<html lang=\"fr\">"));
        if (path == "/reports") {
            continue;
        }
        CHECK(has(page->body, "format=csv"));
        CHECK(has(page->body, "format=json"));
        const auto csv = c.request("GET", path + "?" + query + "&format=csv");
        REQUIRE(csv);
        CHECK(csv->status == 200);
        CHECK(csv->field("content-type") == "text/csv; charset=utf-8");
        CHECK(has(csv->field("content-disposition"), "attachment; filename=\""));
        CHECK(has(csv->field("content-disposition"), "-demo-class-3.csv\""));
        CHECK_FALSE(has(csv->body, "learner-002"));
        const auto json = c.request("GET", path + "?" + query + "&format=json");
        REQUIRE(json);
        CHECK(json->status == 200);
        CHECK(json->field("content-type") == "application/json");
        CHECK(json->body.starts_with("["));
        CHECK_FALSE(has(json->body, "learner-002"));
    }

    // An export in a format the dashboard does not write: a clear 400, not the page instead.
    const auto xml = c.request("GET", "/reports/items?" + query + "&format=xml");
    REQUIRE(xml);
    CHECK(xml->status == 400);
    CHECK(has(xml->body, "format: csv or json"));

    // A display name written as a formula stays text in the CSV, and escaped in the page.
    const auto learners = c.request("GET", "/reports/learners?" + query + "&format=csv");
    REQUIRE(learners);
    CHECK(has(learners->body, "demo:learner-001,\"'=HYPERLINK(\"\"x\"\")\""));
    const auto page = c.request("GET", "/reports/learners?" + query);
    REQUIRE(page);
    CHECK(has(page->body, "=HYPERLINK(&quot;x&quot;)"));
    // The overview's figures and charts.
    const auto overview = c.request("GET", "/reports?" + query);
    REQUIRE(overview);
    CHECK(has(overview->body, "<svg class=\"chart\""));
    CHECK(has(overview->body, "Learners needing help"));
}

TEST_CASE("dashboard: a missing, forged, expired or other class's link is refused with its reason", "[dashboard]")
{
    quiz::test::temp_dir dir;
    const auto db = make_class(dir);
    const quiz::test::serve_in_process server(dashboard_variables(db));
    quiz::test::loopback_client c(server.port());
    const auto valid = link("demo:class-3");

    struct refused {
        std::string target;
        std::string reason;
    };
    const std::vector<refused> cases{
        {"/reports", "lacks its signature"},
        {"/reports/items?format=csv", "lacks its signature"},
        {"/reports/learners?" + link("demo:class-3", 1h, "another-key-of-at-least-thirty-two-bytes"), "does not match"},
        {"/reports/learners?" + valid.substr(0, valid.size() - 2) + (valid.ends_with("00") ? "11" : "00"),
         "does not match"},
        {"/reports/activity?" + link("demo:class-3", -1s) + "&format=json", "has expired"},
    };
    for (const auto& r : cases) {
        INFO(r.target);
        const auto reply = c.request("GET", r.target);
        REQUIRE(reply);
        CHECK(reply->status == 401);
        CHECK(reply->field("content-type") == "text/html; charset=utf-8");
        CHECK(reply->field("cache-control") == "no-store");
        CHECK(has(reply->body, r.reason));
        CHECK_FALSE(has(reply->body, "<table"));
        CHECK_FALSE(has(reply->body, "learner-"));
    }
    // Another class: the signature covers the scope.
    auto other = valid;
    other.replace(other.find("class-3"), 7, "class-4");
    const auto reply = c.request("GET", "/reports/learners?" + other);
    REQUIRE(reply);
    CHECK(reply->status == 401);
    CHECK_FALSE(has(reply->body, "<table"));
    // The reason in French, from the query or from Accept-Language.
    const auto french = c.request("GET", "/reports?lang=fr");
    REQUIRE(french);
    CHECK(has(french->body, "signature manque"));
    const auto accepted = c.request("GET", "/reports", {}, "Accept-Language: de-DE, fr;q=0.8, en;q=0.5\r\n");
    REQUIRE(accepted);
    CHECK(has(accepted->body, "signature manque"));
}

} // namespace cli_dashboard_test
