// SPDX-License-Identifier: MIT
#include "storage/sqlite_learner_store.hpp"

#include "storage/progress_version.hpp"
#include "storage/recall_model_codec.hpp"
#include "storage/sql_values.hpp"
#include "storage/statement_use.hpp"

#include <SQLiteCpp/Database.h>

#include <stdexcept>
#include <string>

namespace quiz::storage {

sqlite_learner_store::sqlite_learner_store(SQLite::Database& db)
    : find_(db, "SELECT locale, last_study_day, streak_days, best_streak_days, progress_version FROM learner"
                " WHERE id = ?1"),
      save_(db, "UPDATE learner SET locale = ?2, last_study_day = ?3, streak_days = ?4, best_streak_days = ?5,"
                " progress_version = ?6 WHERE id = ?1 RETURNING progress_version"),
      touch_(db, "UPDATE learner SET progress_version = ?2 WHERE id = ?1"),
      find_model_(db, "SELECT model, answer_count, fitted_at_ms FROM memory_model WHERE learner_id = ?1"),
      save_model_(db, "INSERT INTO memory_model (learner_id, weights, answer_count, fitted_at_ms, model)"
                      " VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (learner_id) DO UPDATE SET weights = excluded.weights,"
                      " answer_count = excluded.answer_count, fitted_at_ms = excluded.fitted_at_ms,"
                      " model = excluded.model")
{
}

std::optional<engine::learner_profile> sqlite_learner_store::find(engine::learner_id learner)
{
    const statement_use use(find_);
    use->bind(1, learner.value());
    if (!use->executeStep()) {
        return std::nullopt;
    }
    engine::learner_profile profile;
    profile.id = learner;
    if (const auto locale = optional_text(use->getColumn(0))) {
        profile.lang = engine::parse_language(*locale).value_or(engine::language::en);
    }
    profile.last_study_day = optional_int(use->getColumn(1));
    profile.streak_days = checked_int<int>(use->getColumn(2));
    profile.best_streak_days = checked_int<int>(use->getColumn(3));
    profile.progress_version = checked_int<std::uint64_t>(use->getColumn(4));
    return profile;
}

std::uint64_t sqlite_learner_store::save(const engine::learner_profile& profile)
{
    const statement_use use(save_);
    use->bind(1, profile.id.value());
    use->bind(2, std::string(engine::code(profile.lang)));
    bind_optional(*use, 3, profile.last_study_day);
    use->bind(4, profile.streak_days);
    use->bind(5, profile.best_streak_days);
    use->bind(6, fresh_progress_version());
    if (!use->executeStep()) {
        throw std::logic_error("learner " + std::to_string(profile.id.value()) +
                               " has no row: the edge creates learners before the tutor saves a profile");
    }
    return checked_int<std::uint64_t>(use->getColumn(0));
}

std::optional<engine::stored_recall_model> sqlite_learner_store::recall_model(engine::learner_id learner)
{
    const statement_use use(find_model_);
    use->bind(1, learner.value());
    if (!use->executeStep()) {
        return std::nullopt;
    }
    engine::stored_recall_model stored;
    stored.model = decode_recall_model(use->getColumn(0).getString());
    stored.reviews = checked_int<std::size_t>(use->getColumn(1));
    stored.fitted_at = from_ms(use->getColumn(2).getInt64());
    return stored;
}

void sqlite_learner_store::save_recall_model(engine::learner_id learner, const engine::stored_recall_model& model)
{
    const statement_use use(save_model_);
    use->bind(1, learner.value());
    use->bind(2, weights_text(model.model.w));
    use->bind(3, static_cast<std::int64_t>(model.reviews));
    use->bind(4, to_ms(model.fitted_at));
    use->bind(5, encode_recall_model(model.model));
    use->exec();
    const statement_use touch(touch_);
    touch->bind(1, learner.value());
    touch->bind(2, fresh_progress_version());
    touch->exec();
}

} // namespace quiz::storage
