// SPDX-License-Identifier: MIT
#include "storage/postgres/pg_learner_store.hpp"

#include "storage/postgres/transaction.hpp"
#include "storage/progress_version.hpp"
#include "storage/recall_model_codec.hpp"
#include "storage/sql_values.hpp"

#include <stdexcept>
#include <string>

namespace quiz::storage::postgres {

namespace {

// One table, so the lock's re-check under READ COMMITTED reads the row as the unit that held it left it.
constexpr statement learner_find{"learner_store.find",
                                 "SELECT locale, last_study_day, streak_days, best_streak_days, progress_version"
                                 " FROM learner WHERE id = $1 FOR NO KEY UPDATE"};
constexpr statement learner_save{"learner_store.save",
                                 "UPDATE learner SET locale = $2, last_study_day = $3, streak_days = $4,"
                                 " best_streak_days = $5, progress_version = $6 WHERE id = $1"};
constexpr statement learner_touch{"learner_store.touch", "UPDATE learner SET progress_version = $2 WHERE id = $1"};
constexpr statement learner_find_model{
    "learner_store.find_model", "SELECT model, answer_count, fitted_at_ms FROM memory_model WHERE learner_id = $1"};
constexpr statement learner_save_model{
    "learner_store.save_model",
    "INSERT INTO memory_model (learner_id, weights, answer_count, fitted_at_ms, model) VALUES ($1, $2, $3, $4, $5)"
    " ON CONFLICT (learner_id) DO UPDATE SET weights = excluded.weights, answer_count = excluded.answer_count,"
    " fitted_at_ms = excluded.fitted_at_ms, model = excluded.model"};

} // namespace

std::optional<engine::learner_profile> pg_learner_store::find(engine::learner_id learner)
{
    const result row = current_connection().run(learner_find, params().add(learner.value()));
    if (row.empty()) {
        return std::nullopt;
    }
    engine::learner_profile profile;
    profile.id = learner;
    if (const auto locale = row.optional_text(0, 0)) {
        profile.lang = engine::parse_language(*locale).value_or(engine::language::en);
    }
    profile.last_study_day = row.optional_int64(0, 1);
    // integer columns: always in an int's range
    profile.streak_days = static_cast<int>(row.int64(0, 2));
    profile.best_streak_days = static_cast<int>(row.int64(0, 3));
    profile.progress_version = static_cast<std::uint64_t>(row.int64(0, 4)); // 0 to 2^62: never negative
    return profile;
}

std::uint64_t pg_learner_store::save(const engine::learner_profile& profile)
{
    const std::int64_t version = fresh_progress_version();
    current_connection().defer_changing(learner_save,
                                        params()
                                            .add(profile.id.value())
                                            .add(engine::code(profile.lang))
                                            .add(profile.last_study_day)
                                            .add(profile.streak_days)
                                            .add(profile.best_streak_days)
                                            .add(version),
                                        "learner " + std::to_string(profile.id.value()) +
                                            " has no row: the edge creates learners before the tutor saves a profile");
    return static_cast<std::uint64_t>(version);
}

std::optional<engine::stored_recall_model> pg_learner_store::recall_model(engine::learner_id learner)
{
    const result row = current_connection().run(learner_find_model, params().add(learner.value()));
    if (row.empty()) {
        return std::nullopt;
    }
    const std::int64_t reviews = row.int64(0, 1);
    if (reviews < 0) {
        throw std::runtime_error("memory_model of learner " + std::to_string(learner.value()) + " counts " +
                                 std::to_string(reviews) + " answers");
    }
    engine::stored_recall_model stored;
    stored.model = decode_recall_model(row.text(0, 0));
    stored.reviews = static_cast<std::size_t>(reviews);
    stored.fitted_at = from_ms(row.int64(0, 2));
    return stored;
}

void pg_learner_store::save_recall_model(engine::learner_id learner, const engine::stored_recall_model& model)
{
    current_connection().defer(learner_save_model, params()
                                                       .add(learner.value())
                                                       .add(weights_text(model.model.w))
                                                       .add(static_cast<std::int64_t>(model.reviews))
                                                       .add(to_ms(model.fitted_at))
                                                       .add(encode_recall_model(model.model)));
    current_connection().defer(learner_touch, params().add(learner.value()).add(fresh_progress_version()));
}

} // namespace quiz::storage::postgres
