// SPDX-License-Identifier: MIT
// The Rasch fit of first attempts. The small cases are worked by hand from the JMLE equations (each learner's score
// equals their expected score, and each question's likewise, with the difficulties centred on 0); the simulated case
// checks that known difficulties and abilities are recovered.
#include "engine/reports/rasch.hpp"

#include "engine/numeric/seeded_random.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

namespace reports_rasch_test {

using namespace quiz::engine;

namespace {

item_answer first(std::int64_t learner, std::uint32_t question, bool correct)
{
    return {learner_id{learner}, question, 0, correct, true};
}

/// Questions 0 and 1: learners 1 to 3 get 0 right and 1 wrong, learner 4 the other way round. Every learner scores
/// 1 of 2, so with b1 = −b0 each learner's equation σ(θ − b0) + σ(θ − b1) = 1 holds at θ = 0 (σ(x) + σ(−x) = 1), and
/// question 0's equation 4·σ(−b0) = 3 gives b0 = −ln 3, b1 = ln 3.
std::vector<item_answer> two_questions()
{
    return {first(1, 0, true), first(1, 1, false), first(2, 0, true),  first(2, 1, false),
            first(3, 0, true), first(3, 1, false), first(4, 0, false), first(4, 1, true)};
}

const rasch_learner& learner(const rasch_fit& fit, std::int64_t id)
{
    const auto it = std::find_if(fit.learners.begin(), fit.learners.end(),
                                 [&](const rasch_learner& l) { return l.learner == learner_id{id}; });
    REQUIRE(it != fit.learners.end());
    return *it;
}

const rasch_item& item(const rasch_fit& fit, std::uint32_t question)
{
    const auto it =
        std::find_if(fit.items.begin(), fit.items.end(), [&](const rasch_item& i) { return i.question == question; });
    REQUIRE(it != fit.items.end());
    return *it;
}

} // namespace

TEST_CASE("rasch: two questions, against the JMLE solution worked by hand")
{
    const auto answers = two_questions();
    const auto fit = fit_rasch(answers, 2, {.bias_correction = false});
    REQUIRE(fit.converged);
    CHECK(fit.iterations > 1);
    CHECK(fit.subsets == 1);
    CHECK(fit.bias_factor == 1.0);
    REQUIRE(fit.items.size() == 2);
    REQUIRE(fit.learners.size() == 4);
    CHECK(item(fit, 0).difficulty == Approx(-std::log(3.0)).margin(1e-3));
    CHECK(item(fit, 1).difficulty == Approx(std::log(3.0)).margin(1e-3));
    for (const auto& l : fit.learners) {
        CHECK(l.ability == Approx(0.0).margin(1e-3));
        CHECK_FALSE(l.extreme);
        CHECK(l.n == 2);
        CHECK(l.right == 1);
    }
    // Every answer is at θ − b = ±ln 3, where p = 3/4 or 1/4 and p(1 − p) = 3/16: a learner's information is
    // 2·3/16 (SE = 1.632993), a question's 4·3/16 (SE = 1.154701).
    CHECK(learner(fit, 1).se == Approx(1.632993).epsilon(1e-4));
    CHECK(item(fit, 0).se == Approx(1.154701).epsilon(1e-4));
    // Learner 1 misses by 1/4 twice: Σ(x − p)² = 2/16 over the information 6/16, infit = outfit = 1/3. Learner 4
    // misses by 3/4 twice: 18/16 over 6/16 = 3, the unexpected pattern. Question 0: (3·1/16 + 9/16) / (12/16) = 1.
    REQUIRE(learner(fit, 1).infit);
    CHECK(*learner(fit, 1).infit == Approx(1.0 / 3).epsilon(1e-3));
    CHECK(*learner(fit, 1).outfit == Approx(1.0 / 3).epsilon(1e-3));
    CHECK(*learner(fit, 4).infit == Approx(3.0).epsilon(1e-3));
    CHECK(*learner(fit, 4).outfit == Approx(3.0).epsilon(1e-3));
    REQUIRE(item(fit, 0).infit);
    CHECK(*item(fit, 0).infit == Approx(1.0).epsilon(1e-3));
    CHECK(*item(fit, 0).outfit == Approx(1.0).epsilon(1e-3));
}

TEST_CASE("rasch: the bias correction halves the spread of two questions, Andersen's result for that case")
{
    // L = 2 questions per learner: (L − 1) / L = 1/2, so b0 = −ln(3)/2 = −0.549306, the conditional estimate. The
    // abilities measured against ±0.549306 stay at 0 by the same symmetry, with p = √3 / (1 + √3) on every answer and
    // p(1 − p) = √3 / (1 + √3)² = 0.232051: SE = 1 / sqrt(2 · 0.232051) = 1.467890.
    const auto answers = two_questions();
    const auto fit = fit_rasch(answers, 2);
    REQUIRE(fit.converged);
    CHECK(fit.bias_factor == Approx(0.5));
    CHECK(item(fit, 0).difficulty == Approx(-0.549306).margin(1e-3));
    CHECK(item(fit, 1).difficulty == Approx(0.549306).margin(1e-3));
    CHECK(learner(fit, 2).ability == Approx(0.0).margin(1e-3));
    CHECK(learner(fit, 2).se == Approx(1.467890).epsilon(1e-4));
}

TEST_CASE("rasch: extreme learners and questions get the 0.3-adjusted estimate and a flag, and move nobody else")
{
    auto answers = two_questions();
    const auto alone = fit_rasch(answers, 4);
    // Learner 5 answered question 0 only, right: the score 1 − 0.3 gives σ(θ − b0) = 0.7, θ = b0 + ln(7/3) =
    // −0.549306 + 0.847298 = 0.297991, SE = 1 / sqrt(0.7 · 0.3) = 2.182179. Learner 6 answered question 1 only,
    // wrong: θ = b1 − ln(7/3) = −0.297991.
    answers.push_back(first(5, 0, true));
    answers.push_back(first(6, 1, false));
    // Question 2, right for learners 1 and 4 (θ = 0): 2·σ(−b2) = 2 − 0.3, b2 = −ln(0.85 / 0.15) = −1.734601,
    // SE = 1 / sqrt(2 · 0.85 · 0.15) = 1.980295.
    answers.push_back(first(1, 2, true));
    answers.push_back(first(4, 2, true));
    // Question 3, right for learner 7 alone, who also missed question 0: question 3 is extreme, and without it
    // learner 7 has only a wrong answer left, so leaves the fit too. Placed from both answers: σ(θ7 − b3) = 0.7 and
    // σ(θ7 − b0) + σ(θ7 − b3) = 1, so σ(θ7 − b0) = 0.3: θ7 = b0 − 0.847298 = −1.396604, b3 = θ7 − 0.847298 = −2.243902.
    answers.push_back(first(7, 0, false));
    answers.push_back(first(7, 3, true));
    const auto fit = fit_rasch(answers, 4);
    REQUIRE(fit.converged);

    for (const std::int64_t id : {1, 2, 3, 4}) {
        CHECK_FALSE(learner(fit, id).extreme);
        CHECK(learner(fit, id).ability == Approx(learner(alone, id).ability).margin(1e-9));
        CHECK(learner(fit, id).se == Approx(learner(alone, id).se).epsilon(1e-9));
    }
    for (const std::uint32_t q : {0U, 1U}) {
        CHECK_FALSE(item(fit, q).extreme);
        CHECK(item(fit, q).difficulty == Approx(item(alone, q).difficulty).margin(1e-9));
    }
    CHECK(fit.bias_factor == alone.bias_factor);

    CHECK(learner(fit, 5).extreme);
    CHECK(learner(fit, 5).ability == Approx(0.297991).margin(2e-3));
    CHECK(learner(fit, 5).se == Approx(2.182179).epsilon(1e-3));
    CHECK_FALSE(learner(fit, 5).infit);
    CHECK(learner(fit, 6).extreme);
    CHECK(learner(fit, 6).ability == Approx(-0.297991).margin(2e-3));
    CHECK(item(fit, 2).extreme);
    CHECK(item(fit, 2).difficulty == Approx(-1.734601).margin(2e-3));
    CHECK(item(fit, 2).se == Approx(1.980295).epsilon(1e-3));
    CHECK_FALSE(item(fit, 2).outfit);
    CHECK(learner(fit, 7).extreme);
    CHECK(learner(fit, 7).n == 2);
    CHECK(learner(fit, 7).right == 1);
    CHECK(learner(fit, 7).ability == Approx(-1.396604).margin(2e-3));
    CHECK(item(fit, 3).extreme);
    CHECK(item(fit, 3).difficulty == Approx(-2.243902).margin(2e-3));
}

TEST_CASE("rasch: empty and single-answer input give finite results")
{
    const auto none = fit_rasch({}, 5);
    CHECK(none.items.empty());
    CHECK(none.learners.empty());
    CHECK(none.iterations == 0);
    CHECK(none.converged);
    CHECK(none.subsets == 0);
    CHECK(none.bias_factor == 1.0);

    // One first answer, right, among ignored ones: a later answer, a repeated first answer, a question beyond the
    // pack. Learner and question are both extreme and are only placed against each other: θ − b = ln(7/3).
    const std::vector<item_answer> answers{
        first(1, 3, true), {learner_id{1}, 3, 0, false, false}, first(1, 3, false), first(2, 9, false)};
    const auto one = fit_rasch(answers, 5);
    CHECK(one.converged);
    CHECK(one.subsets == 0);
    REQUIRE(one.items.size() == 1);
    REQUIRE(one.learners.size() == 1);
    const auto& q = one.items[0];
    const auto& l = one.learners[0];
    CHECK(q.question == 3);
    CHECK(q.n == 1);
    CHECK(q.right == 1);
    CHECK(q.extreme);
    CHECK(l.extreme);
    CHECK(l.ability - q.difficulty == Approx(std::log(7.0 / 3)).margin(2e-3));
    // SE from p = 0.7: 1 / sqrt(0.21).
    CHECK(l.se == Approx(2.182179).epsilon(1e-3));
    CHECK(q.se == Approx(2.182179).epsilon(1e-3));
    CHECK(std::isfinite(l.ability));
    CHECK(std::isfinite(q.difficulty));
}

TEST_CASE("rasch: groups that share no question are counted as separate subsets")
{
    auto answers = two_questions();
    for (const auto& a : two_questions()) {
        answers.push_back(first(a.learner.value() + 10, a.question + 2, a.correct));
    }
    const auto fit = fit_rasch(answers, 4);
    REQUIRE(fit.converged);
    CHECK(fit.subsets == 2);
    // Within each subset the hand-worked difference holds; between them nothing is known.
    CHECK(item(fit, 1).difficulty - item(fit, 0).difficulty == Approx(std::log(3.0)).margin(2e-3));
    CHECK(item(fit, 3).difficulty - item(fit, 2).difficulty == Approx(std::log(3.0)).margin(2e-3));
}

TEST_CASE("rasch: known difficulties and abilities are recovered from sparse simulated first attempts")
{
    // 20 questions from −2 to 2 logits (mean 0, so already centred like the fit), 1,000 learners with abilities
    // drawn from N(0, 1), each answering 10 questions drawn at random, like the tutor's sparse data.
    constexpr int questions = 20;
    constexpr int learners = 1000;
    constexpr int per_learner = 10;
    seeded_random random{20240611};
    std::vector<double> b_true(questions);
    for (int q = 0; q < questions; ++q) {
        b_true[static_cast<std::size_t>(q)] = -2.0 + 4.0 * q / (questions - 1);
    }
    std::vector<double> theta_true(learners);
    std::vector<item_answer> answers;
    for (int l = 0; l < learners; ++l) {
        // Box–Muller: a standard normal from two uniforms.
        const double u = 1 - random.uniform();
        const double theta = std::sqrt(-2 * std::log(u)) * std::cos(2 * std::numbers::pi * random.uniform());
        theta_true[static_cast<std::size_t>(l)] = theta;
        std::vector<std::uint32_t> order(questions);
        for (std::uint32_t q = 0; q < questions; ++q) {
            order[q] = q;
        }
        for (std::size_t k = 0; k < per_learner; ++k) {
            std::swap(order[k], order[k + random.below(questions - k)]);
            const auto q = order[k];
            const bool right = random.uniform() < 1 / (1 + std::exp(b_true[q] - theta));
            answers.push_back(first(l, q, right));
        }
    }

    const auto fit = fit_rasch(answers, questions);
    REQUIRE(fit.converged);
    CHECK(fit.subsets == 1);
    CHECK(fit.bias_factor == Approx(0.9)); // every learner of the fit answered 10 questions
    REQUIRE(fit.items.size() == questions);
    int within_two = 0;
    for (const auto& i : fit.items) {
        CHECK_FALSE(i.extreme);
        const double error = i.difficulty - b_true[i.question];
        CHECK(std::abs(error) <= 3 * i.se);
        within_two += std::abs(error) <= 2 * i.se ? 1 : 0;
        CHECK(i.se > 0.09); // about 500 answers, p(1 − p) at most 0.25 and lower towards ±2
        CHECK(i.se < 0.15);
        REQUIRE(i.infit);
        CHECK(*i.infit == Approx(1.0).margin(0.1)); // the data follow the model
    }
    CHECK(within_two >= 18);
    // The origin of the scale is the average question.
    double mean_difficulty = 0;
    for (const auto& i : fit.items) {
        mean_difficulty += i.difficulty / questions;
    }
    CHECK(mean_difficulty == Approx(0.0).margin(1e-9));

    REQUIRE(fit.learners.size() == learners);
    double mx = 0;
    double my = 0;
    int extreme = 0;
    for (const auto& l : fit.learners) {
        REQUIRE(std::isfinite(l.ability));
        mx += theta_true[static_cast<std::size_t>(l.learner.value())];
        my += l.ability;
        extreme += l.extreme ? 1 : 0;
    }
    mx /= learners;
    my /= learners;
    double sxy = 0;
    double sxx = 0;
    double syy = 0;
    for (const auto& l : fit.learners) {
        const double x = theta_true[static_cast<std::size_t>(l.learner.value())] - mx;
        const double y = l.ability - my;
        sxy += x * y;
        sxx += x * x;
        syy += y * y;
    }
    const double correlation = sxy / std::sqrt(sxx * syy);
    // An ability from 10 answers has an SE near 0.85 logit against a true spread of 1, so even exact difficulties
    // give a correlation of only about sqrt(1 / (1 + 0.85²)) = 0.76 with the truth.
    CHECK(correlation > 0.75);
    CHECK(my == Approx(mx).margin(0.1)); // one scale: the abilities sit where the true ones do
    CHECK(extreme > 0);                  // 10 questions: some learners get all right or all wrong
}

} // namespace reports_rasch_test
