// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/identity_ports.hpp"
#include "engine/core/language.hpp"
#include "engine/core/tutor_ids.hpp"

#include <SQLiteCpp/Statement.h>

#include <optional>
#include <string>

namespace SQLite {
class Database;
}

namespace quiz::storage {

/// A platform identity: ("discord", snowflake), ("slack", "T0001:U0002"), ("local", name), ("web", id).
struct identity {
    std::string platform;
    std::string external_id;
};

enum class member_role { learner, instructor };

/// The edge's side of who is who: maps platform identities to workspace and learner ids (creating them on first
/// sight), keeps memberships and remembers handled platform events. Runs inside the caller's transaction (a unit
/// of work or a group commit unit); the engine never sees platform ids.
class sqlite_identity_store {
public:
    explicit sqlite_identity_store(SQLite::Database& db);

    /// The workspace's id, adding it the first time. `name` updates the stored name when it changed.
    engine::workspace_id ensure_workspace(const identity& who, const std::string& name);
    /// The learner's id, adding them the first time. A non-empty `display_name` replaces the stored one.
    engine::learner_id ensure_learner(const identity& who, const std::string& display_name);
    /// ensure_learner, with whether their reminders were refused (reminder_schedule.refused) and their stored
    /// language, read by the same query.
    engine::learner_entry enter_learner(const identity& who, const std::string& display_name);
    /// enter_learner for someone already there: nullopt, and nothing added, otherwise.
    [[nodiscard]] std::optional<engine::learner_entry> enter_known_learner(const identity& who,
                                                                           const std::string& display_name);
    /// Clears reminder_schedule.refused once the learner was told.
    void clear_reminders_refused(engine::learner_id learner);
    [[nodiscard]] std::optional<engine::learner_id> find_learner(const identity& who);
    /// Sets the learner's language ('en'/'fr'): `chosen` when they chose it, false when it is their platform's locale.
    void set_locale(engine::learner_id learner, engine::language lang, bool chosen = false);
    /// Whether the stored language was chosen by the learner (false for an unknown learner).
    [[nodiscard]] bool locale_chosen(engine::learner_id learner);
    /// The learner's display name ('' when unknown or never given).
    [[nodiscard]] std::string display_name_of(engine::learner_id learner);
    /// The learner's stored language; nullopt until one is set (or for an unknown learner).
    [[nodiscard]] std::optional<engine::language> locale_of(engine::learner_id learner);

    /// Adds the membership or changes its role.
    void set_role(engine::workspace_id workspace, engine::learner_id learner, member_role role);
    [[nodiscard]] std::optional<member_role> role_of(engine::workspace_id workspace, engine::learner_id learner);

    /// Records that a platform event was handled; false when it had been already (a redelivery: do nothing).
    bool first_delivery(const std::string& platform, const std::string& event_id, engine::instant received_at);
    /// Drops handled-event ids received before `cutoff` (platforms stop redelivering after minutes to hours).
    std::int64_t forget_events_before(engine::instant cutoff);

private:
    SQLite::Database& db_;
    SQLite::Statement find_workspace_;
    SQLite::Statement insert_workspace_;
    SQLite::Statement rename_workspace_;
    SQLite::Statement find_learner_;
    SQLite::Statement insert_learner_;
    SQLite::Statement clear_refused_;
    SQLite::Statement rename_learner_;
    SQLite::Statement set_locale_;
    SQLite::Statement locale_of_;
    SQLite::Statement name_of_;
    SQLite::Statement locale_chosen_;
    SQLite::Statement set_role_;
    SQLite::Statement role_of_;
    SQLite::Statement insert_event_;
    SQLite::Statement prune_events_;
};

} // namespace quiz::storage
