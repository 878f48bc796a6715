// SPDX-License-Identifier: MIT
#include "storage/postgres/pg_identity_directory.hpp"

#include "storage/postgres/pg_forget.hpp"
#include "storage/postgres/transaction.hpp"
#include "storage/sql_values.hpp"

#include <chrono>
#include <stdexcept>

namespace quiz::storage::postgres {

namespace {

/// Handled event ids are kept this long; Slack stops redelivering after minutes.
constexpr std::chrono::hours identity_event_memory{24};

constexpr statement identity_find_learner{"identity_find_learner",
                                          "SELECT id FROM learner WHERE platform = $1 AND external_id = $2"};
// A learner already there whose name is unchanged is only locked (the no-key lock the upsert below would take),
// not rewritten: a new row version per action would cost WAL and leave a dead row behind each answer.
// The refused flag rides along as the statement's snapshot saw it, taken before any wait for the lock. A 1 may have
// been cleared by the unit the lock waited for, and is read again (identity_refused) so that a heads-up is said
// once; a 0 may miss a refusal that unit recorded, and the heads-up then comes with the learner's next action.
constexpr statement identity_lock_learner{
    "identity_lock_learner", "SELECT l.id, l.display_name, l.locale, l.locale_chosen,"
                             " coalesce((SELECT s.refused FROM reminder_schedule s WHERE s.learner_id = l.id), 0)"
                             " FROM learner l WHERE l.platform = $1 AND l.external_id = $2 FOR NO KEY UPDATE OF l"};
// Inserting or updating, the learner's row stays locked until the unit ends: ON CONFLICT DO UPDATE locks the
// existing row (a no-key lock, as display_name is no key), and a new row is the unit's own until it commits.
constexpr statement identity_enter_learner{
    "identity_enter_learner", "INSERT INTO learner AS l (platform, external_id, display_name) VALUES ($1, $2, $3)"
                              " ON CONFLICT (platform, external_id) DO UPDATE SET display_name ="
                              " CASE WHEN excluded.display_name = '' THEN l.display_name ELSE excluded.display_name END"
                              " RETURNING l.id, l.locale, l.locale_chosen"};
constexpr statement identity_refused{"identity_refused", "SELECT refused FROM reminder_schedule WHERE learner_id = $1"};
constexpr statement identity_clear_refused{
    "identity_clear_refused", "UPDATE reminder_schedule SET refused = 0 WHERE learner_id = $1 AND refused <> 0"};
constexpr statement identity_find_workspace{"identity_find_workspace",
                                            "SELECT id, name FROM workspace WHERE platform = $1 AND external_id = $2"};
// DO NOTHING, not DO UPDATE: every unit in a workspace joins it, and a lock on its row would serialize them all.
constexpr statement identity_insert_workspace{"identity_insert_workspace",
                                              "INSERT INTO workspace (platform, external_id, name) VALUES ($1, $2, $3)"
                                              " ON CONFLICT (platform, external_id) DO NOTHING RETURNING id"};
constexpr statement identity_rename_workspace{"identity_rename_workspace",
                                              "UPDATE workspace SET name = $2 WHERE id = $1 AND name <> $2"};
constexpr statement identity_join{"identity_join",
                                  "INSERT INTO membership (workspace_id, learner_id, role) VALUES ($1, $2, 'learner')"
                                  " ON CONFLICT (workspace_id, learner_id) DO NOTHING"};
constexpr statement identity_name_of{"identity_name_of", "SELECT display_name FROM learner WHERE id = $1"};
constexpr statement identity_language_of{"identity_language_of",
                                         "SELECT locale, locale_chosen FROM learner WHERE id = $1"};
constexpr statement identity_set_language{"identity_set_language",
                                          "UPDATE learner SET locale = $2, locale_chosen = $3 WHERE id = $1"};
constexpr statement identity_insert_event{
    "identity_insert_event", "INSERT INTO processed_event (platform, event_id, received_at_ms) VALUES ($1, $2, $3)"
                             " ON CONFLICT (platform, event_id) DO NOTHING"};
constexpr statement identity_prune_events{"identity_prune_events",
                                          "DELETE FROM processed_event WHERE received_at_ms < $1"};

/// The language a learner row's locale and locale_chosen columns hold, read at `column` and the next; nullopt until
/// one is set.
std::optional<engine::stored_language> identity_stored_language(const result& row, int column)
{
    if (row.is_null(0, column)) {
        return std::nullopt;
    }
    const auto lang = engine::parse_language(row.text(0, column));
    if (!lang) {
        return std::nullopt;
    }
    return engine::stored_language{*lang, row.int64(0, column + 1) != 0};
}

/// The learner, locked until the unit ends, as an action finds them: added the first time when `add`, nullopt
/// otherwise. A non-empty `display_name` replaces a different stored one.
std::optional<engine::learner_entry> identity_enter(connection& db, const engine::platform_identity& who,
                                                    const std::string& display_name, bool add)
{
    const result found = db.run(identity_lock_learner, params().add(who.platform).add(who.external_id));
    if (found.empty() && !add) {
        return std::nullopt;
    }
    // The refused flag by a statement of its own, once the row is locked: its snapshot then sees what the unit that
    // held the lock before committed (a heads-up another unit of theirs already said is not said again).
    const auto refused_now = [&db](engine::learner_id id) {
        const result refused = db.run(identity_refused, params().add(id.value()));
        return !refused.empty() && refused.int64(0, 0) != 0;
    };
    if (!found.empty() && (display_name.empty() || found.text(0, 1) == display_name)) {
        const engine::learner_id id{found.int64(0, 0)};
        return engine::learner_entry{id, found.int64(0, 4) != 0 && refused_now(id), identity_stored_language(found, 2)};
    }
    const result entered =
        db.run(identity_enter_learner, params().add(who.platform).add(who.external_id).add(display_name));
    const engine::learner_id id{entered.int64(0, 0)};
    return engine::learner_entry{id, refused_now(id), identity_stored_language(entered, 1)};
}

/// The workspace's id, adding it the first time; a non-empty `name` replaces a different stored one.
engine::workspace_id identity_ensure_workspace(connection& db, const engine::platform_identity& who,
                                               const std::string& name)
{
    result found = db.run(identity_find_workspace, params().add(who.platform).add(who.external_id));
    if (found.empty()) {
        const result inserted =
            db.run(identity_insert_workspace, params().add(who.platform).add(who.external_id).add(name));
        if (!inserted.empty()) {
            return engine::workspace_id{inserted.int64(0, 0)};
        }
        // Another unit added it since this one looked, and has committed (the insert waited for it): a new
        // statement sees its row.
        found = db.run(identity_find_workspace, params().add(who.platform).add(who.external_id));
        if (found.empty()) {
            throw std::logic_error("workspace " + who.platform + ":" + who.external_id + " is neither new nor found");
        }
    }
    const engine::workspace_id id{found.int64(0, 0)};
    if (!name.empty() && found.text(0, 1) != name) {
        db.run(identity_rename_workspace, params().add(id.value()).add(name));
    }
    return id;
}

} // namespace

std::optional<engine::learner_id> pg_identity_directory::find_learner(const engine::platform_identity& who)
{
    const result found =
        current_connection().run(identity_find_learner, params().add(who.platform).add(who.external_id));
    if (found.empty()) {
        return std::nullopt;
    }
    return engine::learner_id{found.int64(0, 0)};
}

engine::learner_entry pg_identity_directory::ensure_learner(const engine::platform_identity& who,
                                                            const std::string& display_name)
{
    return *identity_enter(current_connection(), who, display_name, true);
}

std::optional<engine::learner_entry> pg_identity_directory::enter_known_learner(const engine::platform_identity& who,
                                                                                const std::string& display_name)
{
    return identity_enter(current_connection(), who, display_name, false);
}

void pg_identity_directory::clear_reminders_refused(engine::learner_id learner)
{
    current_connection().defer(identity_clear_refused, params().add(learner.value()));
}

engine::workspace_id pg_identity_directory::join_workspace(const engine::platform_identity& workspace,
                                                           const std::string& name, engine::learner_id learner)
{
    connection& db = current_connection();
    const engine::workspace_id id = identity_ensure_workspace(db, workspace, name);
    // A member already there keeps their role: an instructor stays one.
    db.defer(identity_join, params().add(id.value()).add(learner.value()));
    return id;
}

std::string pg_identity_directory::display_name(engine::learner_id learner)
{
    const result found = current_connection().run(identity_name_of, params().add(learner.value()));
    return found.empty() ? std::string{} : std::string(found.text(0, 0));
}

std::optional<engine::stored_language> pg_identity_directory::language_of(engine::learner_id learner)
{
    const result found = current_connection().run(identity_language_of, params().add(learner.value()));
    return found.empty() ? std::nullopt : identity_stored_language(found, 0);
}

void pg_identity_directory::set_language(engine::learner_id learner, engine::stored_language lang)
{
    const result changed = current_connection().run(
        identity_set_language, params().add(learner.value()).add(engine::code(lang.lang)).add(lang.chosen ? 1 : 0));
    if (changed.affected() == 0) {
        throw std::logic_error("set_language: no learner " + std::to_string(learner.value()));
    }
}

bool pg_identity_directory::first_delivery(const std::string& platform, const std::string& event_id,
                                           engine::instant received_at)
{
    connection& db = current_connection();
    // A redelivery handled by another node at this moment waits for its unit: committed, this one is refused.
    const result inserted =
        db.run(identity_insert_event, params().add(platform).add(event_id).add(storage::to_ms(received_at)));
    if (inserted.affected() != 1) {
        return false;
    }
    if (deliveries_.fetch_add(1, std::memory_order_relaxed) % 1000 == 999) {
        db.run(identity_prune_events, params().add(storage::to_ms(received_at - identity_event_memory)));
    }
    return true;
}

bool pg_identity_directory::erase(const engine::platform_identity& who)
{
    return erase_learner(who.platform, who.external_id).has_value();
}

} // namespace quiz::storage::postgres
