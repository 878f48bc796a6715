// SPDX-License-Identifier: MIT
// The live tutor and `srs predict --model tutor` are one memory model: for the same history at the same time they
// give the same probability, before and after the learner's own fits are adopted.
#include "engine/recall/recall_predictor.hpp"
#include "engine/tutor/learner_loading.hpp"
#include "engine/tutor/recall_refit.hpp"
#include "engine/tutor/tutor_service.hpp"
#include "tests/support/memory_store.hpp"
#include "tests/support/test_pack.hpp"
#include "tests/support/tutor_fixtures.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <map>

namespace tutor_live_recall_test {

using namespace quiz::engine;
using quiz::test::memory_store;
using quiz::test::noon_day0;
using quiz::test::pack_builder;

namespace {

pack eight_questions()
{
    pack_builder builder("p");
    builder.concept_tag("a", "A", "A");
    builder.section("s", "S", "S");
    for (int i = 0; i < 8; ++i) {
        builder.question("q" + std::to_string(i), "s", {"a"}, 4, 0);
    }
    return builder.build();
}

/// Thresholds low enough that a few weeks of answers adopt parameter and layer fits.
recall::fit_schedule eager_schedule()
{
    auto schedule = live_fit_schedule();
    schedule.fit.minimum_items = 40;
    schedule.fit.epochs = 3;
    schedule.layer_minimum = 30;
    schedule.same_day_minimum = 4;
    return schedule;
}

struct classroom {
    memory_store store;
    pack_library packs;
    tutor_config config;
    std::unique_ptr<tutor> tutor_;
    learner_id learner{1};
    std::uint64_t draws = 0x9e3779b97f4a7c15ULL;

    classroom()
    {
        packs.add(eight_questions());
        // The tutor's cold start sets a right first answer's memory from the question's population difficulty,
        // which a review log does not carry; without it both start from FSRS's first state.
        config.cold_start = false;
        config.choose_retention = retention_choice::fixed;
        tutor_ = std::make_unique<tutor>(store, packs, config);
    }

    bool coin(double p_right)
    {
        draws ^= draws << 13U;
        draws ^= draws >> 7U;
        draws ^= draws << 17U;
        return static_cast<double>(draws % 10000U) / 10000.0 < p_right;
    }

    /// One session at `now`: each answer right with probability p_right, a minute apart.
    instant session(instant now, double p_right, int& keys)
    {
        start_request start;
        start.learner = learner;
        start.pack = pack_key{"p"};
        start.seed = 7;
        start.now = now;
        auto on = tutor_->start_session(start);
        while (on.card) {
            const auto& order = store.data().sessions.at(on.session).current->order;
            const std::uint32_t choice = coin(p_right) ? 0U : 1U;
            answer_request request;
            request.learner = learner;
            request.token = {on.session, on.card->sequence};
            request.displayed =
                static_cast<std::uint32_t>(std::find(order.begin(), order.end(), choice) - order.begin());
            request.key = idempotency_key{"k" + std::to_string(keys++)};
            request.now = now;
            request.then_next = true;
            const auto answered = tutor_->answer(request);
            REQUIRE(answered.status == answer_status::accepted);
            now += std::chrono::minutes{1};
            on = *answered.next;
        }
        return now;
    }

    /// What the live tutor predicts for q at `at`, with the learner's stored model.
    double live(std::uint32_t q, instant at)
    {
        const auto& index = *packs.find(pack_key{"p"});
        auto unit = store.begin();
        const auto population = unit->attempts().first_attempt_stats(pack_key{"p"});
        const auto loaded =
            load_learner(*unit, index, learner, make_population_priors(index, population, config), config);
        return predicted_recall(index, loaded.model, q, at, config);
    }

    /// What `srs predict --model tutor` gives for a review of each answered question at `at` after the learner's
    /// history (reviews sharing a time do not see each other), by question.
    std::map<std::uint32_t, double> offline(instant at, const recall::fit_schedule& schedule)
    {
        auto unit = store.begin();
        auto history = history_as_review_log(unit->attempts().history(learner));
        const auto& index = *packs.find(pack_key{"p"});
        std::map<std::size_t, std::uint32_t> question_of_row;
        for (std::uint32_t q = 0; q < index.question_count(); ++q) {
            const auto card =
                std::find(history.cards.begin(), history.cards.end(), std::make_pair(pack_key{"p"}, index.at(q).key));
            if (card != history.cards.end()) {
                question_of_row[history.reviews.size()] = q;
                history.reviews.push_back({recall::card_key{card - history.cards.begin()}, fsrs::rating::good,
                                           std::chrono::time_point_cast<std::chrono::microseconds>(at), std::nullopt});
            }
        }
        recall::predictor_options options;
        options.clock = schedule.clock;
        options.fit = schedule.fit;
        options.tutor = schedule;
        std::map<std::uint32_t, double> by_question;
        for (const auto& review : recall::predict_recall(history.reviews, options).reviews) {
            if (const auto it = question_of_row.find(review.row); it != question_of_row.end()) {
                by_question[it->second] = review.probability(recall::model::tutor);
            }
        }
        return by_question;
    }
};

} // namespace

TEST_CASE("the live tutor and srs predict --model tutor give the same probability for the same history")
{
    classroom room;
    const auto schedule = eager_schedule();
    const auto fit = [](std::span<const recall::logged_review> h, const recall::fit_schedule& s) {
        return recall::fit_recall_model(h, s);
    };
    int keys = 0;
    instant now = noon_day0();
    int stored = 0;
    std::size_t compared = 0;
    for (int day = 0; day < 40; ++day) {
        // Weaker on odd weeks, so that the fitted model moves away from the defaults.
        now = room.session(now, (day / 7) % 2 == 0 ? 0.85 : 0.6, keys);
        // The live path: the background refit after the session's answers (run here at once).
        stored += refit_if_due(room.store, room.store, room.learner, now, schedule, fit).status == refit_status::stored
                      ? 1
                      : 0;
        // Compared later the same day (same-day rates) and on later days (the FSRS curve through the layer).
        for (const int hours_later : {2, 30, 24 * 5 + 3}) {
            const instant at = now + std::chrono::hours{hours_later};
            const auto offline = room.offline(at, schedule);
            REQUIRE(offline.size() == room.store.data().memories.size());
            for (const auto& [q, p] : offline) {
                INFO("day " << day << ", " << hours_later << " h later, q" << q);
                REQUIRE(room.live(q, at) == Approx(p).epsilon(1e-9));
                ++compared;
            }
        }
        now = noon_day0() + std::chrono::days{day + 1};
    }
    CHECK(compared > 500);
    // Not vacuous: fits were adopted along the way, and the final model is the learner's own.
    const auto model = room.store.data().recall_models.at(room.learner).model;
    CHECK(stored >= 3);
    CHECK(model.w != fsrs::default_parameters);
    CHECK(model.same_day.after_miss > 0);
}

TEST_CASE("a refit stores nothing when answers arrived while it ran, and nothing when none is due")
{
    classroom room;
    const auto schedule = eager_schedule();
    int keys = 0;
    instant now = noon_day0();
    now = room.session(now, 0.8, keys);
    const auto plain = [](std::span<const recall::logged_review> h, const recall::fit_schedule& s) {
        return recall::fit_recall_model(h, s);
    };
    CHECK(refit_if_due(room.store, room.store, room.learner, now, schedule, plain).status == refit_status::not_due);
    for (int day = 1; day < 30; ++day) {
        now = room.session(noon_day0() + std::chrono::days{day}, 0.8, keys);
    }
    // The fit sees the history, then the learner answers again before it is stored.
    const auto meanwhile = [&](std::span<const recall::logged_review> h, const recall::fit_schedule& s) {
        auto result = recall::fit_recall_model(h, s);
        room.session(now + std::chrono::hours{1}, 0.8, keys);
        return result;
    };
    CHECK(refit_if_due(room.store, room.store, room.learner, now, schedule, meanwhile).status ==
          refit_status::superseded);
    CHECK(room.store.data().recall_models.empty());
    const auto result = refit_if_due(room.store, room.store, room.learner, now, schedule, plain);
    CHECK(result.status == refit_status::stored);
    CHECK(result.answers == room.store.data().attempts.size());
    CHECK(result.answers_until >= 1);
    CHECK(room.store.data().recall_models.at(room.learner).reviews == room.store.data().attempts.size());
}

} // namespace tutor_live_recall_test
