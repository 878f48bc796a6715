// SPDX-License-Identifier: MIT
#pragma once

#include "bot/discord/component_ids.hpp"
#include "bot/discord/interaction.hpp"
#include "bot/discord/render.hpp"
#include "engine/pack_index.hpp"
#include "engine/tutor_service.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace SQLite {
class Database;
}
namespace quiz::storage {
class sqlite_identity_store;
class sqlite_learner_store;
} // namespace quiz::storage

namespace quiz::bot::discord {

/// What the flows work with. The tutor, the identity store and the database are the group commit writer's: the
/// flows run only inside its units.
struct tutoring {
    engine::tutor& tutor;
    storage::sqlite_identity_store& identities;
    SQLite::Database& database;
    const engine::pack_library& library;
    std::vector<engine::pack_key> packs; ///< the first is the default
    const std::string* public_url;       ///< read at each use: `quizbot serve` knows it only once it listens
};

/// The learner's side of quizbot on Discord: one command or click in, one reply out. Each call is one user action,
/// to be run as one group commit unit (one transaction).
class flows {
  public:
    explicit flows(tutoring t);
    ~flows();
    flows(const flows&) = delete;
    flows& operator=(const flows&) = delete;

    /// An application command or a message component (other types are not passed here). `seed` shuffles a new
    /// session's choices.
    [[nodiscard]] reply handle(const interaction& in, std::uint64_t seed, engine::instant now);

    /// Whether replies to this interaction are shown to its user only: everywhere but in the bot's DM.
    [[nodiscard]] static bool private_reply(const interaction& in) noexcept;

  private:
    struct learner_context;

    reply command(const interaction& in, const learner_context& who, std::uint64_t seed, engine::instant now);
    reply click(const interaction& in, const learner_context& who, std::uint64_t seed, engine::instant now);
    reply start(const learner_context& who, const std::string& pack, const std::optional<std::string>& only_concept,
                engine::session_scope scope, bool in_channel, std::uint64_t seed, engine::instant now);
    reply answer(const interaction& in, const learner_context& who, const answer_button& b, engine::instant now);
    reply next(const learner_context& who, const next_button& b, engine::instant now);
    reply forget(const interaction& in, engine::language lang, bool confirmed);
    reply stats(const learner_context& who, const std::optional<std::string>& pack, engine::instant now);

    [[nodiscard]] const engine::pack* find_pack(const std::string& key) const;
    [[nodiscard]] reply unknown_pack(const std::string& key, engine::language lang) const;
    [[nodiscard]] link_base links() const { return {*t_.public_url}; }

    tutoring t_;
    std::unique_ptr<storage::sqlite_learner_store> profiles_; ///< prepared on first use, on the writer's thread
};

} // namespace quiz::bot::discord
