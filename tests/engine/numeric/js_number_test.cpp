// SPDX-License-Identifier: MIT
// Expected values are what JavaScript (Node 20) prints for the same expressions.
#include "engine/numeric/js_number.hpp"

#include <catch2/catch.hpp>

#include <cmath>

namespace numeric_js_number_test {

namespace fsrs = quiz::engine::fsrs;

TEST_CASE("js_round rounds halves toward +infinity like Math.round")
{
    CHECK(fsrs::js_round(2.5) == 3.0);
    CHECK(fsrs::js_round(-2.5) == -2.0);
    CHECK(fsrs::js_round(-2.6) == -3.0);
    CHECK(fsrs::js_round(0.49999999999999994) == 0.0); // floor(x + 0.5) would give 1
    CHECK(fsrs::js_round(4503599627370495.5) == 4503599627370496.0);
    CHECK(fsrs::js_round(211810397.49999997) == 211810397.0);
    CHECK(std::signbit(fsrs::js_round(-0.3))); // Math.round(-0.3) is -0
    CHECK_FALSE(std::signbit(fsrs::js_round(0.3)));
    CHECK(fsrs::js_round(-4503599627370497.0) == -4503599627370497.0);
    CHECK(std::isnan(fsrs::js_round(std::nan(""))));
}

TEST_CASE("round_to_8 is ts-fsrs roundTo(x, 8)")
{
    CHECK(fsrs::round_to_8(2.118103966) == 2.11810397);
    CHECK(fsrs::round_to_8(-0.000000005) == 0.0); // Math.round(-0.5) is -0
    CHECK(fsrs::round_to_8(1.0) == 1.0);
}

TEST_CASE("to_fixed_8 is +x.toFixed(8): exact halves go away from zero")
{
    CHECK(fsrs::to_fixed_8(0.001953125) == 0.00195313);
    CHECK(fsrs::to_fixed_8(-0.001953125) == -0.00195313);
    CHECK(fsrs::to_fixed_8(0.5151015535) == 0.51510155);
    CHECK(fsrs::to_fixed_8(0.999999999) == 1.0);
    CHECK(fsrs::to_fixed_8(7.6214) == 7.6214);
}

TEST_CASE("js_number_text prints numbers like String(x)")
{
    CHECK(fsrs::js_number_text(0.0) == "0");
    CHECK(fsrs::js_number_text(0.1) == "0.1");
    CHECK(fsrs::js_number_text(4.885508226166) == "4.885508226166");
    CHECK(fsrs::js_number_text(2.11810397 * 2.3065) == "4.885406806805");
    CHECK(fsrs::js_number_text(123456.0) == "123456");
    CHECK(fsrs::js_number_text(0.000001) == "0.000001");
    CHECK(fsrs::js_number_text(1.5e-7) == "1.5e-7");
    CHECK(fsrs::js_number_text(1e21) == "1e+21");
    CHECK(fsrs::js_number_text(-0.25) == "-0.25");
}

} // namespace numeric_js_number_test
