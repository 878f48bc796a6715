// SPDX-License-Identifier: MIT
#include "engine/fsrs/fsrs_model.hpp"
#include "engine/fsrs/fsrs_optimizer.hpp"
#include "engine/numeric/dual.hpp"

#include "tests/support/synthetic_reviews.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

namespace numeric_dual_test {

namespace fsrs = quiz::engine::fsrs;
using d2 = quiz::engine::dual<2>;

TEST_CASE("dual numbers carry the derivatives of arithmetic")
{
    const auto x = d2::variable(3.0, 0);
    const auto y = d2::variable(2.0, 1);
    const auto f = x * y + x / y - 2.0 * y;
    // f = 6 + 1.5 - 4 = 3.5; df/dx = y + 1/y = 2.5; df/dy = x - x/y² - 2 = 3 - 0.75 - 2 = 0.25
    CHECK(f.value() == Approx(3.5));
    CHECK(f.derivative(0) == Approx(2.5));
    CHECK(f.derivative(1) == Approx(0.25));
    const auto g = 1.0 - x / 6.0;
    CHECK(g.value() == Approx(0.5));
    CHECK(g.derivative(0) == Approx(-1.0 / 6.0));
    CHECK(g.derivative(1) == 0.0);
}

TEST_CASE("dual numbers carry the derivatives of exp, log, sqrt and pow")
{
    const auto x = d2::variable(2.0, 0);
    const auto y = d2::variable(3.0, 1);
    const auto p = pow(x, y);
    // 2³ = 8; d/dx = y x^(y-1) = 12; d/dy = x^y ln x = 8 · 0.6931472 = 5.5451774
    CHECK(p.value() == Approx(8.0));
    CHECK(p.derivative(0) == Approx(12.0));
    CHECK(p.derivative(1) == Approx(5.5451774));
    const auto e = exp(x * y);
    // e⁶ = 403.428793; d/dx = y e⁶, d/dy = x e⁶
    CHECK(e.value() == Approx(403.428793));
    CHECK(e.derivative(0) == Approx(3.0 * 403.428793));
    CHECK(e.derivative(1) == Approx(2.0 * 403.428793));
    const auto l = log(x);
    CHECK(l.value() == Approx(0.6931472));
    CHECK(l.derivative(0) == Approx(0.5));
    const auto r = sqrt(y);
    CHECK(r.derivative(1) == Approx(0.5 / std::sqrt(3.0)));
    const auto c = pow(0.9, x);
    // 0.81; d/dx = 0.81 ln 0.9 = -0.0853420
    CHECK(c.derivative(0) == Approx(-0.0853420));
}

TEST_CASE("a constant exponent or base contributes no derivative, even at a zero base")
{
    const auto zero = d2(0.0);
    const auto x = d2::variable(2.0, 0);
    const auto p = pow(zero, x);
    CHECK(p.value() == 0.0);
    CHECK(p.derivative(0) == 0.0);
    const auto q = pow(d2::variable(0.0, 1), d2(2.0));
    CHECK(q.derivative(1) == 0.0);
    CHECK_FALSE(std::isnan(q.derivative(0)));
}

TEST_CASE("comparisons look at values, so min and max pass on the derivative of the branch taken")
{
    const auto x = d2::variable(2.0, 0);
    const auto y = d2::variable(5.0, 1);
    CHECK(x < y);
    CHECK(y > x);
    const auto smaller = fsrs::detail::min_of(x, y);
    CHECK(smaller.derivative(0) == 1.0);
    CHECK(smaller.derivative(1) == 0.0);
    const auto clamped = fsrs::detail::clamp_to(y, 1.0, 4.0);
    CHECK(clamped.value() == 4.0);
    CHECK(clamped.derivative(1) == 0.0);
}

namespace {

/// Central finite difference of the summed log loss with respect to w[i].
double numeric_derivative(const fsrs::parameters& w, std::size_t i, const std::vector<fsrs::training_card>& cards)
{
    const double h = 1e-6 * std::max(1.0, std::abs(w[i]));
    auto up = w;
    auto down = w;
    up[i] += h;
    down[i] -= h;
    const auto n = static_cast<double>(fsrs::count_items(cards));
    return (fsrs::mean_log_loss(up, cards, true) - fsrs::mean_log_loss(down, cards, true)) * n / (2.0 * h);
}

} // namespace

TEST_CASE("the exact gradient of the FSRS-6 log loss matches finite differences for all 21 parameters")
{
    quiz::test::synthetic_plan plan;
    plan.cards = 40;
    plan.reviews_per_card = 8;
    plan.seed = 7;
    auto cards = quiz::test::simulate_cards(plan);
    // Same-day reviews exercise the short-term formula (w17-w19).
    cards.push_back({{0.0, fsrs::rating::good},
                     {0.0, fsrs::rating::again},
                     {0.0, fsrs::rating::good},
                     {3.0, fsrs::rating::hard},
                     {0.0, fsrs::rating::easy},
                     {10.0, fsrs::rating::good}});

    // The defaults, and a point away from them with no parameter on a bound.
    fsrs::parameters shifted = fsrs::default_parameters;
    for (std::size_t i = 0; i < fsrs::parameter_count; ++i) {
        shifted[i] *= 1.0 + 0.05 * static_cast<double>(i % 3);
    }
    shifted[7] = 0.05;
    for (const auto& w : {fsrs::default_parameters, shifted}) {
        const auto exact = fsrs::summed_log_loss_gradient(w, cards, true);
        CHECK(exact.loss ==
              Approx(fsrs::mean_log_loss(w, cards, true) * static_cast<double>(fsrs::count_items(cards))));
        for (std::size_t i = 0; i < fsrs::parameter_count; ++i) {
            INFO("w" << i);
            CHECK(exact.gradient[i] == Approx(numeric_derivative(w, i, cards)).epsilon(1e-5).margin(1e-6));
        }
    }
}

} // namespace numeric_dual_test
