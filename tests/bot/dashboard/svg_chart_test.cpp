// SPDX-License-Identifier: MIT
#include "bot/dashboard/svg_chart.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>

namespace dashboard_svg_chart_test {

using namespace quiz::bot::dashboard;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::size_t occurrences(const std::string& text, const std::string& part)
{
    std::size_t n = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) {
        ++n;
    }
    return n;
}

} // namespace

TEST_CASE("svg charts: columns scale to the largest value, and every text is escaped", "[dashboard]")
{
    // The plot is 164 units high (220 − 20 above − 36 below), from x = 40 over 600 units: three slots of 200.
    const auto svg = column_chart("Answers <per> day",
                                  {{"03-01", 10, "10 answers"}, {"03-02", 5, "5 <b>answers</b>"}, {"03-03", 0, "0"}});
    CHECK(svg.starts_with(R"(<svg class="chart" viewBox="0 0 640.0 220.0" width="100%" role="img" )"
                          R"(aria-label="Answers &lt;per&gt; day">)"));
    CHECK(svg.ends_with("</svg>"));
    CHECK(contains(svg, R"(<rect class="bar" x="60.0" y="20.0" width="160.0" height="164.0"><title>10 answers)"));
    CHECK(contains(svg, R"(<rect class="bar" x="260.0" y="102.0" width="160.0" height="82.0">)"
                        R"(<title>5 &lt;b&gt;answers&lt;/b&gt;</title>)"));
    CHECK(contains(svg, R"(height="0.0"><title>0</title>)"));
    CHECK(contains(svg, R"(text-anchor="end">10</text>)")); // the top of the scale
    CHECK_FALSE(contains(svg, "<b>"));
    CHECK(occurrences(column_chart("x", {{"a", 1, "a"}, {"b", 1, "b"}, {"c", 1, "c"}}, 2), R"(class="label")") == 2);
    // No data: the axes alone.
    CHECK(occurrences(column_chart("empty", {}), "<rect") == 0);
}

TEST_CASE("svg charts: horizontal bars are shares of the maximum, clamped, with their figure written out",
          "[dashboard]")
{
    // Bars start at x = 240 and are 330 units long at the maximum (640 − 240 − 70).
    const auto svg =
        bar_rows("Mastery per concept", {{"Stage 1 <os>", 0.5, "50 %", false},
                                         {"Stage 3", 1.5, "150 %", true},
                                         {"broken", std::numeric_limits<double>::quiet_NaN(), "?", false}});
    CHECK(contains(svg, R"(<rect class="bar" x="240.0" y="8.0" width="165.0" height="18.0">)"
                        R"(<title>Stage 1 &lt;os&gt;: 50 %</title>)"));
    CHECK(contains(svg, R"(<rect class="bar accent" x="240.0" y="34.0" width="330.0")"));
    CHECK(contains(svg, R"(<rect class="bar" x="240.0" y="60.0" width="0.0")"));
    CHECK(contains(svg, R"(<text class="value" x="576.0" y="20.9">50 %</text>)"));
}

TEST_CASE("svg charts: a scatter plot places points on its axes and draws the thresholds", "[dashboard]")
{
    // The plot spans x 56 to 624 (568 units) and y 16 to 372 (356 units).
    const axis facility{"Facility", 0, 1, {0.2, 0.9}};
    const axis discrimination{"Discrimination", -1, 1, {0, 0.2}};
    const auto svg = scatter_chart("Questions", facility, discrimination,
                                   {{0.5, 0, "Q1", "Q1: facility 50 %", false},
                                    {1.0, -1.0, "Q2", "Q2", true},
                                    {std::nan(""), 0.3, "Q3", "Q3", false}});
    CHECK(contains(svg, R"(<g class="point"><circle cx="340.0" cy="194.0" r="5"/>)"));
    CHECK(contains(svg, R"(<g class="point flagged"><circle cx="624.0" cy="372.0" r="5"/>)"));
    CHECK_FALSE(contains(svg, ">Q3<")); // no facility: not drawn
    CHECK(contains(svg, R"(<line class="guide" x1="169.6" y1="16.0" x2="169.6" y2="372.0"/>)")); // facility 0.2
    CHECK(contains(svg, R"(<line class="guide" x1="56.0" y1="158.4" x2="624.0" y2="158.4"/>)")); // DI 0.2
    CHECK(contains(svg, ">Facility</text>"));
}

} // namespace dashboard_svg_chart_test
