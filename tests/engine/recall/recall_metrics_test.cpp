// SPDX-License-Identifier: MIT
#include "engine/recall/recall_metrics.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

namespace recall_recall_metrics_test {

namespace recall = quiz::engine::recall;
using recall::scored_review;

TEST_CASE("log loss is the mean binary cross-entropy")
{
    const std::vector<scored_review> reviews{{0.8, true, {}}, {0.4, false, {}}, {0.5, true, {}}};
    // -(ln 0.8 + ln 0.6 + ln 0.5) / 3 = (0.2231436 + 0.5108256 + 0.6931472) / 3 = 0.4757055
    CHECK(recall::log_loss(reviews) == Approx(0.4757055).epsilon(1e-6));
}

TEST_CASE("log loss stays finite for a certain prediction that was wrong")
{
    const std::vector<scored_review> reviews{{1.0, false, {}}};
    // clamped to 1 - 1e-15: -ln(1e-15) = 34.54
    CHECK(recall::log_loss(reviews) == Approx(34.54).epsilon(1e-2));
    CHECK(std::isnan(recall::log_loss({})));
}

TEST_CASE("AUC counts tied scores as half a win")
{
    // positives 0.9, 0.7, 0.2; negatives 0.7, 0.3. Pairs won: 0.9 beats both (2), 0.7 ties 0.7 (0.5) and beats
    // 0.3 (1), 0.2 beats none: 3.5 of 6 = 0.5833333.
    const std::vector<scored_review> reviews{
        {0.9, true, {}}, {0.7, false, {}}, {0.7, true, {}}, {0.3, false, {}}, {0.2, true, {}}};
    CHECK(recall::auc(reviews) == Approx(3.5 / 6.0));
}

TEST_CASE("AUC is 1 for a perfect ranking, 0.5 for a constant and undefined with one outcome")
{
    CHECK(recall::auc(std::vector<scored_review>{{0.9, true, {}}, {0.1, false, {}}}) == 1.0);
    CHECK(recall::auc(std::vector<scored_review>{{0.5, true, {}}, {0.5, false, {}}, {0.5, true, {}}}) == 0.5);
    CHECK(std::isnan(recall::auc(std::vector<scored_review>{{0.9, true, {}}, {0.8, true, {}}})));
}

TEST_CASE("RMSE(bins) compares mean prediction and mean outcome per bin, weighted by the bin's size")
{
    const recall::rmse_bin a{248, 4, 0};
    const recall::rmse_bin b{898, 4, 0};
    const std::vector<scored_review> reviews{{0.9, true, a}, {0.7, false, a}, {0.6, true, b}};
    // bin a: mean p 0.8, mean y 0.5, gap 0.3, n 2; bin b: gap -0.4, n 1.
    // sqrt((0.3² · 2 + 0.4² · 1) / 3) = sqrt(0.34 / 3) = 0.3366502
    CHECK(recall::rmse_bins(reviews) == Approx(0.3366502).epsilon(1e-6));
    // All in one bin: mean p (0.9 + 0.7 + 0.6) / 3 = 0.733333 against mean y 2/3: 0.066667.
    const std::vector<scored_review> one_bin{{0.9, true, a}, {0.7, false, a}, {0.6, true, a}};
    CHECK(recall::rmse_bins(one_bin) == Approx(0.7333333 - 0.6666667).epsilon(1e-5));
}

TEST_CASE("bins follow fsrs-rs r_matrix_index")
{
    // elapsed: round(100 · 2.48 · 3.62^floor(ln d / ln 3.62)). ln 3 / ln 3.62 = 0.85 -> 248; ln 4 / ln 3.62 = 1.08
    // -> 2.48 · 3.62 · 100 = 897.76 -> 898; ln 13 / ln 3.62 = 1.994 -> 898; ln 14 / ln 3.62 = 2.05 -> 3249.89 -> 3250.
    CHECK(recall::bin_of(1, 1, 0).elapsed == 248);
    CHECK(recall::bin_of(3, 1, 0).elapsed == 248);
    CHECK(recall::bin_of(4, 1, 0).elapsed == 898);
    CHECK(recall::bin_of(13, 1, 0).elapsed == 898);
    CHECK(recall::bin_of(14, 1, 0).elapsed == 3250);
    CHECK(recall::bin_of(0, 0, 0).elapsed == 0);
    // length of (long-term reviews + 1): 1 -> 1.99 -> 2; 2 -> 1.89^1 · 1.99 = 3.76 -> 4; 3: ln 3 / ln 1.89 = 1.73
    // -> 4; 4: ln 4 / ln 1.89 = 2.18 -> 1.99 · 1.89² = 7.108 -> 7.
    CHECK(recall::bin_of(0, 0, 0).length == 2);
    CHECK(recall::bin_of(1, 1, 0).length == 4);
    CHECK(recall::bin_of(1, 2, 0).length == 4);
    CHECK(recall::bin_of(1, 3, 0).length == 7);
    // lapses: 0 -> 0; 1 -> 1.65 -> 2; 2: ln 2 / ln 1.73 = 1.26 -> 1.65 · 1.73 = 2.85 -> 3; 3: 2.004 -> 4.94 -> 5.
    CHECK(recall::bin_of(1, 1, 0).lapses == 0);
    CHECK(recall::bin_of(1, 1, 1).lapses == 2);
    CHECK(recall::bin_of(1, 1, 2).lapses == 3);
    CHECK(recall::bin_of(1, 1, 3).lapses == 5);
}

TEST_CASE("evaluate reports every metric and the count")
{
    const std::vector<scored_review> reviews{{0.8, true, {}}, {0.4, false, {}}, {0.5, true, {}}};
    const auto m = recall::evaluate(reviews);
    CHECK(m.n == 3);
    CHECK(m.log_loss == Approx(0.4757055).epsilon(1e-6));
    // 0.8 and 0.5 both beat 0.4: AUC 1
    CHECK(m.auc == 1.0);
    // one bin: mean p 1.7 / 3 = 0.566667, mean y 2 / 3: |gap| = 0.1
    CHECK(m.rmse_bins == Approx(0.1).epsilon(1e-6));
}

} // namespace recall_recall_metrics_test
