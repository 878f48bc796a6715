// SPDX-License-Identifier: MIT
#include "storage/sqlite_identity_store.hpp"

#include "storage/sql_values.hpp"
#include "storage/statement_use.hpp"

#include <SQLiteCpp/Database.h>

#include <stdexcept>

namespace quiz::storage {

namespace {
const char* role_name(member_role role) { return role == member_role::instructor ? "instructor" : "learner"; }
} // namespace

sqlite_identity_store::sqlite_identity_store(SQLite::Database& db)
    : db_(db), find_workspace_(db, "SELECT id, name FROM workspace WHERE platform = ?1 AND external_id = ?2"),
      insert_workspace_(db, "INSERT INTO workspace (platform, external_id, name) VALUES (?1, ?2, ?3)"),
      rename_workspace_(db, "UPDATE workspace SET name = ?2 WHERE id = ?1"),
      // The refused flag and the language ride along: an action learns whether a heads-up waits and which
      // language to speak without queries of its own.
      find_learner_(db, "SELECT l.id, l.display_name, ifnull(s.refused, 0), l.locale, l.locale_chosen FROM learner l"
                        " LEFT JOIN reminder_schedule s ON s.learner_id = l.id"
                        " WHERE l.platform = ?1 AND l.external_id = ?2"),
      insert_learner_(db, "INSERT INTO learner (platform, external_id, display_name) VALUES (?1, ?2, ?3)"),
      clear_refused_(db, "UPDATE reminder_schedule SET refused = 0 WHERE learner_id = ?1"),
      rename_learner_(db, "UPDATE learner SET display_name = ?2 WHERE id = ?1"),
      set_locale_(db, "UPDATE learner SET locale = ?2, locale_chosen = ?3 WHERE id = ?1"),
      locale_of_(db, "SELECT locale FROM learner WHERE id = ?1"),
      name_of_(db, "SELECT display_name FROM learner WHERE id = ?1"),
      locale_chosen_(db, "SELECT locale_chosen FROM learner WHERE id = ?1"),
      set_role_(db, "INSERT INTO membership (workspace_id, learner_id, role) VALUES (?1, ?2, ?3)"
                    " ON CONFLICT (workspace_id, learner_id) DO UPDATE SET role = excluded.role"),
      role_of_(db, "SELECT role FROM membership WHERE workspace_id = ?1 AND learner_id = ?2"),
      insert_event_(db, "INSERT INTO processed_event (platform, event_id, received_at_ms) VALUES (?1, ?2, ?3)"
                        " ON CONFLICT (platform, event_id) DO NOTHING"),
      prune_events_(db, "DELETE FROM processed_event WHERE received_at_ms < ?1")
{
}

engine::workspace_id sqlite_identity_store::ensure_workspace(const identity& who, const std::string& name)
{
    {
        const statement_use use(find_workspace_);
        use->bind(1, who.platform);
        use->bind(2, who.external_id);
        if (use->executeStep()) {
            const engine::workspace_id id{use->getColumn(0).getInt64()};
            if (!name.empty() && use->getColumn(1).getString() != name) {
                const statement_use rename(rename_workspace_);
                rename->bind(1, id.value());
                rename->bind(2, name);
                rename->exec();
            }
            return id;
        }
    }
    const statement_use use(insert_workspace_);
    use->bind(1, who.platform);
    use->bind(2, who.external_id);
    use->bind(3, name);
    use->exec();
    return engine::workspace_id{db_.getLastInsertRowid()};
}

std::optional<engine::learner_id> sqlite_identity_store::find_learner(const identity& who)
{
    const statement_use use(find_learner_);
    use->bind(1, who.platform);
    use->bind(2, who.external_id);
    if (!use->executeStep()) {
        return std::nullopt;
    }
    return engine::learner_id{use->getColumn(0).getInt64()};
}

engine::learner_id sqlite_identity_store::ensure_learner(const identity& who, const std::string& display_name)
{
    return enter_learner(who, display_name).id;
}

std::optional<engine::learner_entry> sqlite_identity_store::enter_known_learner(const identity& who,
                                                                                const std::string& display_name)
{
    const statement_use use(find_learner_);
    use->bind(1, who.platform);
    use->bind(2, who.external_id);
    if (!use->executeStep()) {
        return std::nullopt;
    }
    engine::learner_entry found{engine::learner_id{use->getColumn(0).getInt64()}, use->getColumn(2).getInt() != 0,
                                std::nullopt};
    if (const auto text = optional_text(use->getColumn(3))) {
        if (const auto lang = engine::parse_language(*text)) {
            found.language = engine::stored_language{*lang, use->getColumn(4).getInt() != 0};
        }
    }
    if (!display_name.empty() && use->getColumn(1).getString() != display_name) {
        const statement_use rename(rename_learner_);
        rename->bind(1, found.id.value());
        rename->bind(2, display_name);
        rename->exec();
    }
    return found;
}

engine::learner_entry sqlite_identity_store::enter_learner(const identity& who, const std::string& display_name)
{
    if (auto found = enter_known_learner(who, display_name)) {
        return *found;
    }
    const statement_use use(insert_learner_);
    use->bind(1, who.platform);
    use->bind(2, who.external_id);
    use->bind(3, display_name);
    use->exec();
    return {engine::learner_id{db_.getLastInsertRowid()}, false, std::nullopt};
}

void sqlite_identity_store::clear_reminders_refused(engine::learner_id learner)
{
    const statement_use use(clear_refused_);
    use->bind(1, learner.value());
    use->exec();
}

void sqlite_identity_store::set_locale(engine::learner_id learner, engine::language lang, bool chosen)
{
    const statement_use use(set_locale_);
    use->bind(1, learner.value());
    use->bind(2, std::string(engine::code(lang)));
    use->bind(3, chosen ? 1 : 0);
    if (use->exec() == 0) {
        throw std::logic_error("set_locale: no learner " + std::to_string(learner.value()));
    }
}

std::optional<engine::language> sqlite_identity_store::locale_of(engine::learner_id learner)
{
    const statement_use use(locale_of_);
    use->bind(1, learner.value());
    if (!use->executeStep()) {
        return std::nullopt;
    }
    const auto text = optional_text(use->getColumn(0));
    return text ? engine::parse_language(*text) : std::nullopt;
}

std::string sqlite_identity_store::display_name_of(engine::learner_id learner)
{
    const statement_use use(name_of_);
    use->bind(1, learner.value());
    return use->executeStep() ? use->getColumn(0).getString() : std::string{};
}

bool sqlite_identity_store::locale_chosen(engine::learner_id learner)
{
    const statement_use use(locale_chosen_);
    use->bind(1, learner.value());
    return use->executeStep() && use->getColumn(0).getInt() != 0;
}

void sqlite_identity_store::set_role(engine::workspace_id workspace, engine::learner_id learner, member_role role)
{
    const statement_use use(set_role_);
    use->bind(1, workspace.value());
    use->bind(2, learner.value());
    use->bind(3, role_name(role));
    use->exec();
}

std::optional<member_role> sqlite_identity_store::role_of(engine::workspace_id workspace, engine::learner_id learner)
{
    const statement_use use(role_of_);
    use->bind(1, workspace.value());
    use->bind(2, learner.value());
    if (!use->executeStep()) {
        return std::nullopt;
    }
    return use->getColumn(0).getString() == "instructor" ? member_role::instructor : member_role::learner;
}

bool sqlite_identity_store::first_delivery(const std::string& platform, const std::string& event_id,
                                           engine::instant received_at)
{
    const statement_use use(insert_event_);
    use->bind(1, platform);
    use->bind(2, event_id);
    use->bind(3, to_ms(received_at));
    return use->exec() == 1;
}

std::int64_t sqlite_identity_store::forget_events_before(engine::instant cutoff)
{
    const statement_use use(prune_events_);
    use->bind(1, to_ms(cutoff));
    return use->exec();
}

} // namespace quiz::storage
