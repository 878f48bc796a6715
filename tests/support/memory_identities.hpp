// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/identity_ports.hpp"
#include "tests/support/memory_store.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>

namespace quiz::test {

/// What storage keeps on a learner row (and its reminder schedule's refused flag), besides the tutor's profile.
struct memory_learner {
    engine::platform_identity who;
    std::string display_name;
    /// The language itself is the profile's (memory_data::profiles), as storage's learner row holds one locale for
    /// both ports; this is only whether the learner chose it.
    bool language_chosen = false;
    bool reminders_refused = false;
};

struct memory_workspace {
    engine::platform_identity who;
    std::string name;
    std::set<engine::learner_id> members;
};

/// Everything memory_identities holds: a plain value, so that a transaction can copy it and put it back.
struct memory_identity_data {
    std::map<engine::learner_id, memory_learner> learners;
    std::map<engine::workspace_id, memory_workspace> workspaces;
    /// (platform, event id) -> when it was received.
    std::map<std::pair<std::string, std::string>, engine::instant> deliveries;
    std::uint64_t first_deliveries = 0; ///< counts towards the periodic pruning, as storage's does
    /// Never reused, like storage's AUTOINCREMENT ids: an old button naming a forgotten learner names nobody.
    std::int64_t next_learner = 1;
    std::int64_t next_workspace = 1;
};

/// The identity directory in memory, with storage's observable behaviour (storage/sqlite_identity_directory.cpp):
/// learners added once, a non-empty display name replacing the stored one, workspaces joined once, redeliveries
/// refused, and forget-me erasing the learner and everything the tutor's stores hold about them. The learner's
/// language lives in the tutor's profile, where storage's single locale column puts it, so that the tutor speaks the
/// language set here.
///
/// Writes go straight to this object and to `store.data()`: the action queue's unit is the transaction
/// (inline_action_queue takes a snapshot before each unit and restores it when the unit throws).
class memory_identities final : public engine::identity_directory {
public:
    /// `store` must outlive this directory.
    explicit memory_identities(memory_store& store) : store_(store) {}

    [[nodiscard]] std::optional<engine::learner_id> find_learner(const engine::platform_identity& who) override;
    engine::learner_entry ensure_learner(const engine::platform_identity& who,
                                         const std::string& display_name) override;
    [[nodiscard]] std::optional<engine::learner_entry> enter_known_learner(const engine::platform_identity& who,
                                                                           const std::string& display_name) override;
    void clear_reminders_refused(engine::learner_id learner) override;
    engine::workspace_id join_workspace(const engine::platform_identity& workspace, const std::string& name,
                                        engine::learner_id learner) override;
    [[nodiscard]] std::string display_name(engine::learner_id learner) override;
    [[nodiscard]] std::optional<engine::stored_language> language_of(engine::learner_id learner) override;
    void set_language(engine::learner_id learner, engine::stored_language lang) override;
    bool first_delivery(const std::string& platform, const std::string& event_id, engine::instant received_at) override;
    bool erase(const engine::platform_identity& who) override;

    /// Everything one transaction may change: this directory's data and the tutor's stores'.
    struct snapshot {
        memory_identity_data identities;
        memory_data store;
    };
    [[nodiscard]] snapshot take_snapshot() const { return {data_, store_.data()}; }
    void restore(snapshot saved);

    /// What a reminder the platform refused leaves (the reminders' own unit sets the flag): the learner's next
    /// action starts with a heads-up. Throws std::logic_error for a learner never added.
    void refuse_reminders(engine::learner_id learner);

    [[nodiscard]] const memory_identity_data& data() const noexcept { return data_; }
    /// The learner's record, or null.
    [[nodiscard]] const memory_learner* learner(engine::learner_id id) const;

private:
    memory_learner& existing(engine::learner_id learner, const char* what);
    void erase_progress(engine::learner_id learner);

    memory_store& store_;
    memory_identity_data data_;
};

} // namespace quiz::test
