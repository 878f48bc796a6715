// SPDX-License-Identifier: MIT
#pragma once

#include "engine/rounds/round_store.hpp"
#include "engine/tutor/ports.hpp"

#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

namespace quiz::test {

/// Everything the in-memory stores hold: a plain value, so a unit of work can copy it and write it back.
struct memory_data {
    std::map<engine::learner_id, engine::learner_profile> profiles;
    std::map<engine::learner_id, engine::stored_recall_model> recall_models;
    std::map<std::tuple<std::int64_t, std::string, std::string>, engine::question_memory> memories;
    std::map<std::tuple<std::int64_t, std::string, std::string>, engine::concept_skill> skills;
    /// The concept of every save_skill, in the order the tutor saved them.
    std::vector<std::string> skill_saves;
    std::vector<engine::attempt_record> attempts;
    std::map<engine::session_id, engine::session_state> sessions;
    std::map<engine::round_id, engine::round_state> rounds;
    std::int64_t next_id = 1;
};

/// The ports in memory, with the same transaction semantics as storage: a unit works on a copy of the data and
/// commit() publishes it; a unit dropped without commit leaves nothing behind.
class memory_store final : public engine::unit_of_work_factory {
public:
    std::unique_ptr<engine::unit_of_work> begin() override;

    [[nodiscard]] const memory_data& data() const noexcept { return data_; }
    memory_data& data() noexcept { return data_; }
    [[nodiscard]] int commits() const noexcept { return commits_; }
    /// The next unit's commit() throws, as a failing disk would.
    void fail_next_commit() noexcept { fail_next_commit_ = true; }

private:
    friend class memory_unit;
    memory_data data_;
    int commits_ = 0;
    bool fail_next_commit_ = false;
    std::uint64_t versions_given_ = 0; // learner_profile::progress_version, never given twice
};

} // namespace quiz::test
