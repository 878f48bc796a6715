// SPDX-License-Identifier: MIT
// Expected values are published numbers: fsrs-optimizer's tests/model_test.py (float32, hence the margins) and
// ts-fsrs 5.4.2 outputs quoted in the scheduling notes.
#include "engine/fsrs/fsrs_model.hpp"

#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <limits>
#include <vector>

namespace fsrs_fsrs_model_test {

namespace fsrs = quiz::engine::fsrs;
using fsrs::rating;

namespace {

const fsrs::parameters& default_w = fsrs::default_parameters;

// fsrs-optimizer asserts with atol 1e-4 on float32 values.
Approx optimizer_value(double x) { return Approx(x).margin(1e-4).epsilon(0); }

constexpr std::array<rating, 4> grades{rating::again, rating::hard, rating::good, rating::easy};

} // namespace

TEST_CASE("FSRS-6 model: retrievability follows the power forgetting curve with trainable decay")
{
    // fsrs-optimizer test_power_forgetting_curve (default decay 0.1542).
    const std::array<double, 6> t{0, 1, 2, 3, 4, 5};
    const std::array<double, 6> s{1, 2, 3, 4, 4, 2};
    const std::array<double, 6> expected{1.0, 0.9403443, 0.9253786, 0.9185229, 0.9, 0.8261359};
    for (std::size_t i = 0; i < t.size(); ++i) {
        CHECK(fsrs::retrievability(default_w, t[i], s[i]) == optimizer_value(expected[i]));
    }
    // R(S, S) = 0.9 for any decay; ts-fsrs R(10 d, S = 5) = 0.84588465.
    CHECK(fsrs::retrievability(default_w, 37.0, 37.0) == Approx(0.9).epsilon(1e-12));
    CHECK(fsrs::retrievability(default_w, 10.0, 5.0) == Approx(0.84588465).margin(1e-8));
}

TEST_CASE("FSRS-6 model: stability after a recall, a lapse and a same-day review (fsrs-optimizer vectors)")
{
    // S = 5, D = 1..4, R = 0.9..0.6, G = 1..4 elementwise.
    const std::array<double, 4> difficulty{1, 2, 3, 4};
    const std::array<double, 4> r{0.9, 0.8, 0.7, 0.6};
    const std::array<double, 4> recall{25.602541, 28.226582, 58.656002, 127.226685};
    const std::array<double, 4> lapse{1.0525396, 1.1894329, 1.3680838, 1.584989};
    // A pass never lowers S on a same-day review, so Hard gives 5 (ts-fsrs, current fsrs-optimizer).
    const std::array<double, 4> same_day{1.596818, 5.0, 5.0, 8.12961};
    for (std::size_t i = 0; i < 4; ++i) {
        CAPTURE(i);
        CHECK(fsrs::recall_stability(default_w, difficulty[i], 5.0, r[i], grades[i]) == optimizer_value(recall[i]));
        CHECK(fsrs::forget_stability(default_w, difficulty[i], 5.0, r[i]) == optimizer_value(lapse[i]));
        CHECK(fsrs::short_term_stability(default_w, 5.0, grades[i]) == optimizer_value(same_day[i]));
    }
}

TEST_CASE("FSRS-6 model: difficulty update with linear damping and mean reversion (fsrs-optimizer vector)")
{
    const std::array<double, 4> expected{8.341763, 6.6659956, 4.990228, 3.3144615};
    for (std::size_t i = 0; i < 4; ++i) {
        CHECK(fsrs::next_difficulty(default_w, 5.0, grades[i]) == optimizer_value(expected[i]));
    }
    CHECK(fsrs::next_difficulty(default_w, 10.0, rating::again) <= 10.0);
    CHECK(fsrs::next_difficulty(default_w, 1.0, rating::easy) >= 1.0);
}

TEST_CASE("FSRS-6 model: first review then a review one or two days later (fsrs-optimizer test_forward)")
{
    struct history {
        rating first;
        double gap;
        rating second;
        double stability;
        double difficulty;
    };
    const std::array<history, 6> histories{{
        {rating::again, 1.0, rating::again, 0.10088589, 8.806304},
        {rating::hard, 1.0, rating::hard, 3.2494123, 6.7404594},
        {rating::good, 1.0, rating::good, 7.3153, 2.1112142},
        {rating::easy, 1.0, rating::easy, 18.014914, 1.0},
        {rating::again, 2.0, rating::again, 0.112798266, 8.806304},
        {rating::hard, 2.0, rating::hard, 4.4694576, 6.7404594},
    }};
    for (const auto& h : histories) {
        CAPTURE(static_cast<int>(h.first), h.gap);
        const auto first = fsrs::initial_state(default_w, h.first);
        const auto second = fsrs::next_state(default_w, first, h.gap, h.second, true);
        CHECK(second.stability == optimizer_value(h.stability));
        CHECK(second.difficulty == optimizer_value(h.difficulty));
    }
}

TEST_CASE("FSRS-6 model: initial state and same-day reviews")
{
    CHECK(fsrs::initial_state(default_w, rating::good).stability == 2.3065);
    CHECK(fsrs::initial_state(default_w, rating::good).difficulty == Approx(2.11810397).margin(1e-8));
    CHECK(fsrs::initial_state(default_w, rating::easy).difficulty == 1.0); // 6.4133 - e^(3 * 0.8334) + 1 < 1
    fsrs::parameters tiny = default_w;
    tiny[0] = 0.01;
    CHECK(fsrs::initial_state(tiny, rating::again).stability == 0.1); // ts-fsrs floors S0 at 0.1

    const fsrs::memory_state state{5.0, 3.0};
    CHECK(fsrs::next_state(default_w, state, 0.0, rating::good, true).stability == 5.0);
    // Without short-term scheduling, elapsed 0 means R = 1: a pass keeps S, a lapse is bounded by S.
    CHECK(fsrs::next_state(default_w, state, 0.0, rating::good, false).stability == Approx(5.0).epsilon(1e-12));
    CHECK(fsrs::next_state(default_w, state, 0.0, rating::again, false).stability <= 5.0);
}

TEST_CASE("FSRS-6 model: parameter clamps follow ts-fsrs CLAMP_PARAMETERS")
{
    fsrs::parameters wild{};
    wild.fill(1000.0);
    const auto high = fsrs::clamp_parameters(wild, true);
    CHECK(high[0] == 100.0);
    CHECK(high[4] == 10.0);
    CHECK(high[7] == 0.75);
    CHECK(high[16] == 6.0);
    CHECK(high[17] == 2.0);
    CHECK(high[19] == 0.8);
    CHECK(high[20] == 0.8);
    wild.fill(-1.0);
    wild[5] = std::numeric_limits<double>::quiet_NaN();
    const auto low = fsrs::clamp_parameters(wild, true);
    CHECK(low[0] == 0.001);
    CHECK(low[5] == 0.001);
    CHECK(low[16] == 1.0);
    CHECK(low[19] == 0.01);
    CHECK(low[20] == 0.1);
    CHECK(fsrs::clamp_parameters(wild, false)[19] == 0.0);

    CHECK(fsrs::clamp_parameters(default_w, true) == default_w);
    // More than one relearning step: w17 and w18 share a ceiling (ts-fsrs clipParameters(default_w, 3) gives 0.49027301).
    const auto three_steps = fsrs::clamp_parameters(default_w, true, 3);
    CHECK(three_steps[17] == 0.49027301);
    CHECK(three_steps[18] == default_w[18]);
}

TEST_CASE("FSRS-6 model: legacy parameter vectors migrate like ts-fsrs")
{
    // FSRS-4.5 defaults; ts-fsrs migrateParameters gives w4 7.6214, w5 0.51510155, w6 1.3975, then (0, 0, 0, 0.5)
    // and the short-term floor of w19.
    const std::vector<double> v45{0.4872, 1.4003, 3.7145, 13.8206, 5.1618, 1.2298, 0.8975, 0.031, 1.6474,
                                  0.1367, 1.0461, 2.1072, 0.0793,  0.3246, 1.587,  0.2272, 2.8755};
    const auto m17 = fsrs::migrate_parameters(v45, true);
    REQUIRE(m17);
    CHECK((*m17)[4] == 7.6214);
    CHECK((*m17)[5] == 0.51510155);
    CHECK((*m17)[6] == 1.3975);
    CHECK((*m17)[16] == 2.8755);
    CHECK((*m17)[17] == 0.0);
    CHECK((*m17)[18] == 0.0);
    CHECK((*m17)[19] == 0.01);
    CHECK((*m17)[20] == 0.5);

    // FSRS-5 defaults: (w19, w20) = (0, 0.5), w19 floored to 0.01 only with short-term scheduling.
    const std::vector<double> v5{0.40255, 1.18385, 3.173, 15.69105, 7.1949, 0.5345, 1.4604, 0.0046,  1.54575, 0.1192,
                                 1.01925, 1.9395,  0.11,  0.29605,  2.2698, 0.2315, 2.9898, 0.51655, 0.6621};
    const auto m19 = fsrs::migrate_parameters(v5, true);
    REQUIRE(m19);
    CHECK((*m19)[18] == 0.6621);
    CHECK((*m19)[19] == 0.01);
    CHECK((*m19)[20] == 0.5);
    CHECK((*fsrs::migrate_parameters(v5, false))[19] == 0.0);

    const std::vector<double> v6(default_w.begin(), default_w.end());
    CHECK(*fsrs::migrate_parameters(v6, true) == default_w);
    CHECK_FALSE(fsrs::migrate_parameters(std::vector<double>(20, 1.0), true));
    CHECK_FALSE(fsrs::migrate_parameters(std::vector<double>{}, true));
}

} // namespace fsrs_fsrs_model_test
