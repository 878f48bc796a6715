// SPDX-License-Identifier: MIT
#include "engine/numeric/logistic_regression.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

namespace numeric_logistic_regression_test {

using quiz::engine::logistic_regression;

TEST_CASE("logistic regression recovers the coefficients behind its data")
{
    // At x = -2, -1.5, ..., 2, 1000 rows of which round(1000 σ(0.5 + 1.5 x)) are positive: the maximum-likelihood
    // fit is (0.5, 1.5) up to the rounding of the counts.
    std::vector<double> x;
    std::vector<double> y;
    for (int step = -4; step <= 4; ++step) {
        const double value = 0.5 * step;
        const auto positives = std::lround(1000.0 / (1.0 + std::exp(-(0.5 + 1.5 * value))));
        for (long k = 0; k < 1000; ++k) {
            x.insert(x.end(), {1.0, value});
            y.push_back(k < positives ? 1.0 : 0.0);
        }
    }
    logistic_regression model({0.0, 1.0}, 1e-6);
    model.fit(x, y);
    CHECK(model.coefficients()[0] == Approx(0.5).margin(0.01));
    CHECK(model.coefficients()[1] == Approx(1.5).margin(0.01));
    CHECK(model.probability(std::vector<double>{1.0, 0.0}) == Approx(1.0 / (1.0 + std::exp(-0.5))).margin(0.003));
}

TEST_CASE("without data, or with a strong ridge, logistic regression stays at its prior")
{
    logistic_regression model({0.0, 1.0, 0.0}, 10.0);
    model.fit({}, {});
    CHECK(model.coefficients() == std::vector<double>{0.0, 1.0, 0.0});

    // Four rows all positive would push the intercept to +infinity without the ridge.
    const std::vector<double> x{1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0};
    const std::vector<double> y{1, 1, 1, 1};
    logistic_regression strong({0.0, 1.0, 0.0}, 1e6);
    strong.fit(x, y);
    CHECK(strong.coefficients()[0] == Approx(0.0).margin(1e-4));
    logistic_regression weak({0.0, 1.0, 0.0}, 1.0);
    weak.fit(x, y);
    // The intercept's gradient is zero where 4 (1 - σ(b)) = 1 · b (ridge 1): b = 1.0426 (by bisection:
    // 4 (1 - σ(1.0426)) = 4 · 0.26065 = 1.0426).
    CHECK(weak.coefficients()[0] == Approx(1.0426).margin(1e-3));
    CHECK(std::isfinite(weak.coefficients()[0]));
}

TEST_CASE("bounded logistic regression stays inside its box on separable data, with no ridge to hold it")
{
    // Perfectly separable rows: the unbounded maximum-likelihood slope is +infinity.
    std::vector<double> x;
    std::vector<double> y;
    for (int i = -50; i <= 50; ++i) {
        if (i == 0) {
            continue;
        }
        x.insert(x.end(), {1.0, static_cast<double>(i)});
        y.push_back(i > 0 ? 1.0 : 0.0);
    }
    logistic_regression model({0.0, 1.0}, 1e-9);
    model.bound({-3.0, 0.3}, {3.0, 2.0});
    model.fit(x, y, 100);
    CHECK(model.coefficients()[1] == Approx(2.0)); // pinned at its upper bound, not beyond
    CHECK(model.coefficients()[0] >= -3.0);
    CHECK(model.coefficients()[0] <= 3.0);
    // Unbounded and undamped, the same data would have sent the slope far past 2 in a few Newton steps.
    logistic_regression free({0.0, 1.0}, 1e-9);
    free.fit(x, y, 100);
    CHECK(free.coefficients()[1] > 2.0);
    CHECK(std::isfinite(free.coefficients()[1]));
}

} // namespace numeric_logistic_regression_test
