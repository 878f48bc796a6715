// SPDX-License-Identifier: MIT
#include "tests/support/memory_identities.hpp"

#include <chrono>
#include <stdexcept>

namespace quiz::test {

using namespace quiz::engine;

namespace {
/// As storage: handled event ids are kept a day, pruned every thousandth new one.
constexpr std::chrono::hours memory_event_memory{24};
constexpr std::uint64_t memory_prune_every = 1000;
} // namespace

std::optional<learner_id> memory_identities::find_learner(const platform_identity& who)
{
    for (const auto& [id, row] : data_.learners) {
        if (row.who == who) {
            return id;
        }
    }
    return std::nullopt;
}

learner_entry memory_identities::ensure_learner(const platform_identity& who, const std::string& display_name)
{
    if (auto found = enter_known_learner(who, display_name)) {
        return *found;
    }
    const learner_id id{data_.next_learner++};
    data_.learners[id] = memory_learner{who, display_name, false, false};
    return {id, false, std::nullopt};
}

std::optional<learner_entry> memory_identities::enter_known_learner(const platform_identity& who,
                                                                    const std::string& display_name)
{
    const auto found = find_learner(who);
    if (!found) {
        return std::nullopt;
    }
    auto& row = data_.learners.at(*found);
    if (!display_name.empty()) {
        row.display_name = display_name;
    }
    return learner_entry{*found, row.reminders_refused, language_of(*found)};
}

void memory_identities::clear_reminders_refused(learner_id learner)
{
    // Storage's UPDATE touches no row for someone unknown: nothing to clear.
    if (const auto it = data_.learners.find(learner); it != data_.learners.end()) {
        it->second.reminders_refused = false;
    }
}

workspace_id memory_identities::join_workspace(const platform_identity& workspace, const std::string& name,
                                               learner_id learner)
{
    (void)existing(learner, "join_workspace"); // a membership needs its learner (storage's foreign key)
    for (auto& [id, row] : data_.workspaces) {
        if (row.who == workspace) {
            if (!name.empty()) {
                row.name = name;
            }
            row.members.insert(learner);
            return id;
        }
    }
    const workspace_id id{data_.next_workspace++};
    data_.workspaces[id] = memory_workspace{workspace, name, {learner}};
    return id;
}

std::string memory_identities::display_name(learner_id learner)
{
    const auto* row = this->learner(learner);
    return row != nullptr ? row->display_name : std::string{};
}

std::optional<stored_language> memory_identities::language_of(learner_id learner)
{
    const auto* row = this->learner(learner);
    if (row == nullptr) {
        return std::nullopt;
    }
    // Storage's locale is NULL until someone writes it: here, until the profile exists.
    const auto profile = store_.data().profiles.find(learner);
    if (profile == store_.data().profiles.end()) {
        return std::nullopt;
    }
    return stored_language{profile->second.lang, row->language_chosen};
}

void memory_identities::set_language(learner_id learner, stored_language lang)
{
    existing(learner, "set_language").language_chosen = lang.chosen;
    auto& profile = store_.data().profiles[learner];
    profile.id = learner;
    profile.lang = lang.lang;
}

bool memory_identities::first_delivery(const std::string& platform, const std::string& event_id, instant received_at)
{
    if (!data_.deliveries.emplace(std::pair{platform, event_id}, received_at).second) {
        return false;
    }
    if (++data_.first_deliveries % memory_prune_every == 0) {
        std::erase_if(data_.deliveries,
                      [&](const auto& row) { return row.second < received_at - memory_event_memory; });
    }
    return true;
}

bool memory_identities::erase(const platform_identity& who)
{
    const auto found = find_learner(who);
    if (!found) {
        return false;
    }
    erase_progress(*found);
    for (auto& [id, workspace] : data_.workspaces) {
        workspace.members.erase(*found);
    }
    data_.learners.erase(*found); // with their reminders' flag, as storage's reminder_schedule row
    return true;
}

void memory_identities::erase_progress(learner_id learner)
{
    auto& data = store_.data();
    std::erase_if(data.attempts, [&](const attempt_record& a) { return a.learner == learner; });
    std::erase_if(data.memories, [&](const auto& row) { return std::get<0>(row.first) == learner.value(); });
    std::erase_if(data.skills, [&](const auto& row) { return std::get<0>(row.first) == learner.value(); });
    std::erase_if(data.sessions, [&](const auto& row) { return row.second.learner == learner; });
    // Rounds stay, without the learner: other players keep their scores. Storage also clears the host of every
    // round they hosted (its host column); the state is the only place memory keeps the host, so it is cleared there.
    for (auto& [id, round] : data.rounds) {
        std::erase_if(round.players, [&](const round_player& p) { return p.learner == learner; });
        std::erase_if(round.answers, [&](const round_answer& a) { return a.learner == learner; });
        if (round.host == learner) {
            round.host = learner_id{0};
        }
    }
    data.recall_models.erase(learner);
    data.profiles.erase(learner);
}

void memory_identities::restore(snapshot saved)
{
    data_ = std::move(saved.identities);
    store_.data() = std::move(saved.store);
}

void memory_identities::refuse_reminders(learner_id learner)
{
    existing(learner, "refuse_reminders").reminders_refused = true;
}

const memory_learner* memory_identities::learner(learner_id id) const
{
    const auto it = data_.learners.find(id);
    return it == data_.learners.end() ? nullptr : &it->second;
}

memory_learner& memory_identities::existing(learner_id learner, const char* what)
{
    const auto it = data_.learners.find(learner);
    if (it == data_.learners.end()) {
        throw std::logic_error(std::string(what) + ": no learner " + std::to_string(learner.value()));
    }
    return it->second;
}

} // namespace quiz::test
