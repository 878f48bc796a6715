// SPDX-License-Identifier: MIT
#include "tests/support/memory_store.hpp"

#include "engine/rounds/round_store.hpp"

#include <algorithm>

namespace quiz::test {

using namespace quiz::engine;

class memory_unit final : public unit_of_work, learner_store, progress_store, attempt_log, session_store, round_store {
public:
    explicit memory_unit(memory_store& store) : store_(store), data_(store.data_) {}

    learner_store& learners() override { return *this; }
    progress_store& progress() override { return *this; }
    attempt_log& attempts() override { return *this; }
    session_store& sessions() override { return *this; }
    round_store& rounds() override { return *this; }

    void commit() override
    {
        if (committed_) {
            throw std::logic_error("unit of work committed twice");
        }
        if (store_.fail_next_commit_) {
            store_.fail_next_commit_ = false;
            throw std::runtime_error("disk I/O error");
        }
        committed_ = true;
        store_.data_ = std::move(data_);
        store_.commits_ += 1;
    }

    // learner_store
    std::optional<learner_profile> find(learner_id learner) override
    {
        const auto it = data_.profiles.find(learner);
        return it == data_.profiles.end() ? std::nullopt : std::optional(it->second);
    }
    std::uint64_t save(const learner_profile& profile) override
    {
        auto& stored = data_.profiles[profile.id];
        stored = profile;
        stored.progress_version = ++store_.versions_given_; // shared by all units, rolled back or not: never twice
        return stored.progress_version;
    }
    std::optional<stored_recall_model> recall_model(learner_id learner) override
    {
        const auto it = data_.recall_models.find(learner);
        return it == data_.recall_models.end() ? std::nullopt : std::optional(it->second);
    }
    void save_recall_model(learner_id learner, const stored_recall_model& model) override
    {
        data_.recall_models[learner] = model;
        if (const auto it = data_.profiles.find(learner); it != data_.profiles.end()) {
            it->second.progress_version = ++store_.versions_given_;
        }
    }

    // progress_store
    std::vector<question_memory> memories(learner_id learner, const pack_key& pack) override
    {
        std::vector<question_memory> rows;
        for (const auto& [key, row] : data_.memories) {
            if (std::get<0>(key) == learner.value() && std::get<1>(key) == pack.value()) {
                rows.push_back(row);
            }
        }
        return rows;
    }
    void save_memory(learner_id learner, const pack_key& pack, const question_memory& memory) override
    {
        data_.memories[{learner.value(), pack.value(), memory.question.value()}] = memory;
    }
    std::vector<concept_skill> skills(learner_id learner, const pack_key& pack) override
    {
        std::vector<concept_skill> rows;
        for (const auto& [key, row] : data_.skills) {
            if (std::get<0>(key) == learner.value() && std::get<1>(key) == pack.value()) {
                rows.push_back(row);
            }
        }
        return rows;
    }
    void save_skill(learner_id learner, const pack_key& pack, const concept_skill& skill) override
    {
        data_.skills[{learner.value(), pack.value(), skill.key.value()}] = skill;
        data_.skill_saves.push_back(skill.key.value());
    }
    std::vector<concept_skill> typical_forms(const pack_key& pack) override
    {
        std::map<std::string, concept_skill> by_concept;
        for (const auto& [key, row] : data_.skills) {
            if (std::get<1>(key) != pack.value() || row.answers == 0) {
                continue;
            }
            auto& mean = by_concept[row.key.value()];
            mean.key = row.key;
            mean.form += row.form;
            mean.answers += 1;
        }
        std::vector<concept_skill> rows;
        for (auto& [name, mean] : by_concept) {
            mean.form /= mean.answers;
            rows.push_back(mean);
        }
        return rows;
    }

    // attempt_log
    std::optional<attempt_record> find(const idempotency_key& key) override
    {
        const auto it = std::find_if(data_.attempts.begin(), data_.attempts.end(),
                                     [&](const attempt_record& a) { return a.key == key; });
        return it == data_.attempts.end() ? std::nullopt : std::optional(*it);
    }
    attempt_id append(const attempt_record& attempt) override
    {
        if (find(attempt.key)) {
            throw std::logic_error("UNIQUE constraint failed: attempt.idempotency_key");
        }
        data_.attempts.push_back(attempt);
        data_.attempts.back().id = attempt_id{data_.next_id++};
        return data_.attempts.back().id;
    }
    std::vector<question_stats> first_attempt_stats(const pack_key& pack) override
    {
        std::map<std::string, question_stats> by_question;
        for (const auto& a : data_.attempts) {
            if (a.pack == pack && a.first_attempt) {
                auto& stats = by_question[a.question.value()];
                stats.question = a.question;
                stats.first_attempts += 1;
                stats.first_correct += a.correct ? 1 : 0;
            }
        }
        std::vector<question_stats> rows;
        for (auto& [key, stats] : by_question) {
            rows.push_back(stats);
        }
        return rows;
    }
    std::vector<std::chrono::milliseconds> recent_right_response_times(learner_id learner, std::size_t count) override
    {
        std::vector<const attempt_record*> right;
        for (const auto& a : data_.attempts) {
            if (a.learner == learner && a.correct && a.session) {
                right.push_back(&a);
            }
        }
        std::stable_sort(right.begin(), right.end(), [](const attempt_record* a, const attempt_record* b) {
            return a->answered_at != b->answered_at ? a->answered_at > b->answered_at : a->id > b->id;
        });
        std::vector<std::chrono::milliseconds> times;
        for (std::size_t i = 0; i < right.size() && i < count; ++i) {
            times.push_back(right[i]->response_time);
        }
        return times;
    }

    std::vector<answer_outline> history(learner_id learner) override
    {
        std::vector<const attempt_record*> mine;
        for (const auto& a : data_.attempts) {
            if (a.learner == learner) {
                mine.push_back(&a);
            }
        }
        std::stable_sort(mine.begin(), mine.end(), [](const attempt_record* a, const attempt_record* b) {
            return a->answered_at != b->answered_at ? a->answered_at < b->answered_at : a->id < b->id;
        });
        std::vector<answer_outline> rows;
        for (const auto* a : mine) {
            rows.push_back({a->pack, a->question, a->rating, a->answered_at, a->response_time});
        }
        return rows;
    }

    // session_store
    session_id add(const session_state& state) override
    {
        const session_id id{data_.next_id++};
        data_.sessions[id] = state;
        data_.sessions[id].id = id;
        return id;
    }
    std::optional<session_state> find(session_id id) override
    {
        const auto it = data_.sessions.find(id);
        return it == data_.sessions.end() ? std::nullopt : std::optional(it->second);
    }
    std::optional<session_state> active_for(learner_id learner) override
    {
        for (const auto& [id, state] : data_.sessions) {
            if (state.learner == learner && state.phase != session_phase::ended) {
                return state;
            }
        }
        return std::nullopt;
    }
    void save(const session_state& state) override
    {
        if (!data_.sessions.contains(state.id)) {
            throw std::logic_error("saving a session that was never added");
        }
        data_.sessions[state.id] = state;
    }

    // round_store
    std::vector<round_attempt> round_attempts(round_id round) override
    {
        std::vector<round_attempt> rows;
        for (const auto& a : data_.attempts) {
            if (a.round == round) {
                rows.push_back({a.learner, a.question, a.correct});
            }
        }
        return rows;
    }

    round_id add(const round_state& state) override
    {
        const round_id id{data_.next_id++};
        data_.rounds[id] = state;
        data_.rounds[id].id = id;
        return id;
    }
    std::optional<round_state> find(round_id id) override
    {
        const auto it = data_.rounds.find(id);
        return it == data_.rounds.end() ? std::nullopt : std::optional(it->second);
    }
    std::optional<round_state> active_in(workspace_id workspace, const std::string& channel) override
    {
        for (const auto& [id, state] : data_.rounds) {
            if (state.workspace == workspace && state.channel == channel && state.phase != round_phase::ended) {
                return state;
            }
        }
        return std::nullopt;
    }
    void save(const round_state& state) override
    {
        if (!data_.rounds.contains(state.id)) {
            throw std::logic_error("saving a round that was never added");
        }
        data_.rounds[state.id] = state;
    }
    std::vector<round_deadline> open_deadlines() override
    {
        std::vector<round_deadline> open;
        for (const auto& [id, state] : data_.rounds) {
            if (state.phase == round_phase::open) {
                open.push_back({id, state.deadline});
            }
        }
        return open;
    }

private:
    memory_store& store_;
    memory_data data_;
    bool committed_ = false;
};

std::unique_ptr<unit_of_work> memory_store::begin() { return std::make_unique<memory_unit>(*this); }

} // namespace quiz::test
