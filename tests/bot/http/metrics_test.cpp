// SPDX-License-Identifier: MIT
#include "bot/http/service_routes.hpp"
#include "bot/metrics.hpp"
#include "bot/service_metrics.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <thread>
#include <vector>

namespace http_metrics_test {

using quiz::bot::metrics::registry;

TEST_CASE("metrics: counters, gauges and histograms in the Prometheus text format", "[metrics]")
{
    registry r;
    auto& requests = r.counters("app_requests_total", "Requests.", {"route", "status"});
    auto& open = r.add_gauge("app_open", "Open things.");
    auto& latency = r.histograms("app_seconds", "Latency.", {"route"}, {0.125, 1.0});

    requests.with({"/a", "200"}).inc();
    requests.with({"/a", "200"}).inc(2);
    requests.with({"/b \"x\"\\\n", "500"}).inc();
    open.add(3);
    open.add(-1);
    latency.with({"/a"}).observe(0.0625);
    latency.with({"/a"}).observe(0.125); // on a bound: counted in that bucket (le = less or equal)
    latency.with({"/a"}).observe(4.0);

    CHECK(r.render() == "# HELP app_requests_total Requests.\n"
                        "# TYPE app_requests_total counter\n"
                        "app_requests_total{route=\"/a\",status=\"200\"} 3\n"
                        "app_requests_total{route=\"/b \\\"x\\\"\\\\\\n\",status=\"500\"} 1\n"
                        "# HELP app_open Open things.\n"
                        "# TYPE app_open gauge\n"
                        "app_open 2\n"
                        "# HELP app_seconds Latency.\n"
                        "# TYPE app_seconds histogram\n"
                        "app_seconds_bucket{route=\"/a\",le=\"0.125\"} 2\n"
                        "app_seconds_bucket{route=\"/a\",le=\"1\"} 2\n"
                        "app_seconds_bucket{route=\"/a\",le=\"+Inf\"} 3\n"
                        "app_seconds_sum{route=\"/a\"} 4.1875\n"
                        "app_seconds_count{route=\"/a\"} 3\n");
}

TEST_CASE("metrics: bad names, duplicates, bounds and label counts are refused", "[metrics]")
{
    registry r;
    r.add_counter("ok_total", "x");
    CHECK_THROWS_AS(r.add_counter("ok_total", "again"), std::invalid_argument);
    CHECK_THROWS_AS(r.add_counter("9starts_with_digit", "x"), std::invalid_argument);
    CHECK_THROWS_AS(r.add_counter("has-dash", "x"), std::invalid_argument);
    CHECK_THROWS_AS(r.counters("labels_total", "x", {"le"}), std::invalid_argument);
    CHECK_THROWS_AS(r.add_histogram("h", "x", {1.0, 0.5}), std::invalid_argument);
    auto& f = r.counters("two_labels_total", "x", {"a", "b"});
    CHECK_THROWS_AS(f.with({"only one"}), std::invalid_argument);
}

TEST_CASE("metrics: updates from many threads are all counted", "[metrics]")
{
    registry r;
    auto& family = r.counters("hits_total", "x", {"worker"});
    auto& h = r.add_histogram("work_seconds", "x", {1.0});
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&family, &h, t] {
            for (int i = 0; i < 10'000; ++i) {
                family.with({t % 2 == 0 ? "even" : "odd"}).inc();
                h.observe(0.5);
            }
        });
    }
    for (auto& t : threads) {
        t.join();
    }
    CHECK(family.with({"even"}).value() == 20'000);
    CHECK(family.with({"odd"}).value() == 20'000);
    CHECK(h.count() == 40'000);
    CHECK(h.sum() == Approx(20'000.0));
}

TEST_CASE("service metrics: the exported names", "[metrics]")
{
    registry r;
    quiz::bot::service_metrics m(r);
    m.answer_recorded(quiz::bot::answer_source::slack);
    m.answer_recorded(quiz::bot::answer_source::slack);
    m.answer_recorded(quiz::bot::answer_source::web);
    m.transaction_finished(std::chrono::milliseconds(2));
    m.outbound_requests.with({"discord.com", "429"}).inc();
    const auto text = r.render();
    for (const char* line :
         {"quizbot_answers_recorded_total{source=\"web\"} 1\n",
          "quizbot_answers_recorded_total{source=\"discord\"} 0\n",
          "quizbot_answers_recorded_total{source=\"slack\"} 2\n", "quizbot_db_transaction_duration_seconds_count 1\n",
          "quizbot_db_transaction_duration_seconds_sum 0.002\n",
          "quizbot_db_transaction_duration_seconds_bucket{le=\"0.0025\"} 1\n",
          "quizbot_outbound_requests_total{host=\"discord.com\",status=\"429\"} 1\n", "quizbot_http_connections 0\n",
          "# TYPE quizbot_http_request_duration_seconds histogram\n"}) {
        CHECK(text.find(line) != std::string::npos);
    }
}

TEST_CASE("healthz: 200 when every check passes, 503 naming the failing ones otherwise", "[metrics]")
{
    using quiz::bot::http::health_check;
    const std::vector<health_check> good{{"database", [] { return true; }}, {"content", [] { return true; }}};
    const auto ok = quiz::bot::http::health_response(good);
    CHECK(ok.status == 200);
    CHECK(ok.body == R"({"status":"ok","checks":{"database":"ok","content":"ok"}})");
    CHECK(ok.fields.find("Content-Type") == "application/json");

    const std::vector<health_check> bad{{"database", []() -> bool { throw std::runtime_error("disk I/O error"); }},
                                        {"content", [] { return true; }}};
    const auto failing = quiz::bot::http::health_response(bad);
    CHECK(failing.status == 503);
    CHECK(failing.body == R"({"status":"unavailable","checks":{"database":"failing","content":"ok"}})");
}

} // namespace http_metrics_test
