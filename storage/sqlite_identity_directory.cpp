// SPDX-License-Identifier: MIT
#include "storage/sqlite_identity_directory.hpp"

#include "storage/forget.hpp"

#include <chrono>

namespace quiz::storage {

namespace {
/// Handled event ids are kept this long; Slack stops redelivering after minutes.
constexpr std::chrono::hours event_memory{24};

identity as_identity(const engine::platform_identity& who) { return {who.platform, who.external_id}; }
} // namespace

sqlite_identity_directory::sqlite_identity_directory(SQLite::Database& db, std::function<void()> after_erasure)
    : db_(db), store_(db), after_erasure_(std::move(after_erasure))
{
}

std::optional<engine::learner_id> sqlite_identity_directory::find_learner(const engine::platform_identity& who)
{
    return store_.find_learner(as_identity(who));
}

engine::learner_entry sqlite_identity_directory::ensure_learner(const engine::platform_identity& who,
                                                                const std::string& display_name)
{
    return store_.enter_learner(as_identity(who), display_name);
}

std::optional<engine::learner_entry>
sqlite_identity_directory::enter_known_learner(const engine::platform_identity& who, const std::string& display_name)
{
    return store_.enter_known_learner(as_identity(who), display_name);
}

void sqlite_identity_directory::clear_reminders_refused(engine::learner_id learner)
{
    store_.clear_reminders_refused(learner);
}

engine::workspace_id sqlite_identity_directory::join_workspace(const engine::platform_identity& workspace,
                                                               const std::string& name, engine::learner_id learner)
{
    const auto id = store_.ensure_workspace(as_identity(workspace), name);
    if (!store_.role_of(id, learner)) {
        store_.set_role(id, learner, member_role::learner);
    }
    return id;
}

std::string sqlite_identity_directory::display_name(engine::learner_id learner)
{
    return store_.display_name_of(learner);
}

std::optional<engine::stored_language> sqlite_identity_directory::language_of(engine::learner_id learner)
{
    const auto lang = store_.locale_of(learner);
    if (!lang) {
        return std::nullopt;
    }
    return engine::stored_language{*lang, store_.locale_chosen(learner)};
}

void sqlite_identity_directory::set_language(engine::learner_id learner, engine::stored_language lang)
{
    store_.set_locale(learner, lang.lang, lang.chosen);
}

bool sqlite_identity_directory::first_delivery(const std::string& platform, const std::string& event_id,
                                               engine::instant received_at)
{
    if (!store_.first_delivery(platform, event_id, received_at)) {
        return false;
    }
    if (++deliveries_ % 1000 == 0) {
        (void)store_.forget_events_before(received_at - event_memory);
    }
    return true;
}

bool sqlite_identity_directory::erase(const engine::platform_identity& who)
{
    if (!erase_learner(db_, who.platform, who.external_id)) {
        return false;
    }
    if (after_erasure_) {
        after_erasure_();
    }
    return true;
}

} // namespace quiz::storage
