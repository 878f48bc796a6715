// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/tutor_ids.hpp"
#include "engine/learner/learner_memory.hpp"
#include "engine/tutor/session.hpp"

#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace quiz::engine {

class round_store; // engine/rounds/round_store.hpp: the rounds are built on the tutor, not the reverse

// The ports: what the tutor needs from storage. Storage implements them (SQLite); tests use in-memory ones
// (tests/support/memory_store.hpp). The engine reaches them only inside a unit_of_work, one per user action.
//
// Contracts common to every port:
//  - Everything read or written through a unit_of_work's stores belongs to that unit: all of it is committed
//    together by commit(), or none of it (destroying the unit without commit rolls back, and so does an exception
//    thrown before commit). Reads see the unit's own earlier writes.
//  - Units do not interleave their effects: storage makes each one a serialisable transaction (SQLite:
//    BEGIN IMMEDIATE, so the write lock is taken before the first read and two answers cannot both read the old
//    state). Two units never run at once on one connection.
//  - Infrastructure failures (disk, database locked past its timeout, corrupt data) are exceptions; "not found"
//    is an empty optional or an empty vector.
//  - Keys are the pack's own keys (pack_key, question_key, concept_key) so that content reloads keep progress.

/// Learners' profiles (language, study streak). Learners are created by the edge (platform identity); the tutor
/// reads and updates their profile.
class learner_store {
public:
    virtual ~learner_store() = default;
    /// The profile, or nullopt for an unknown learner (the tutor then starts from a default profile).
    [[nodiscard]] virtual std::optional<learner_profile> find(learner_id learner) = 0;
    /// Replaces the profile of `profile.id` (whose row the edge made) and gives it a progress_version it never held
    /// (`profile.progress_version` is ignored), which it returns. The tutor saves the profile in every unit that
    /// changes the learner's memories, skills or answers, so the version moves with them; a version is never
    /// written twice, so a model kept at the one a rolled-back unit returned is never taken for current.
    virtual std::uint64_t save(const learner_profile& profile) = 0;
    /// The learner's fitted memory model, or nullopt while none was stored (the tutor then uses its defaults).
    [[nodiscard]] virtual std::optional<stored_recall_model> recall_model(learner_id learner) = 0;
    /// Inserts or replaces the learner's fitted memory model, and gives them a new progress_version as save does.
    virtual void save_recall_model(learner_id learner, const stored_recall_model& model) = 0;
};

/// Per learner and pack: memory per question and form per concept.
class progress_store {
public:
    virtual ~progress_store() = default;
    /// Every question the learner has answered in the pack (any order).
    [[nodiscard]] virtual std::vector<question_memory> memories(learner_id learner, const pack_key& pack) = 0;
    /// Inserts or replaces the memory of (learner, pack, memory.question).
    virtual void save_memory(learner_id learner, const pack_key& pack, const question_memory& memory) = 0;
    /// The learner's form on every concept of the pack they have answered (any order).
    [[nodiscard]] virtual std::vector<concept_skill> skills(learner_id learner, const pack_key& pack) = 0;
    /// Inserts or replaces the skill of (learner, pack, skill.key).
    virtual void save_skill(learner_id learner, const pack_key& pack, const concept_skill& skill) = 0;
    /// Per concept of the pack, over all learners who answered it: `form` is the mean form, `answers` the
    /// number of such learners, `correct` unused. Concepts nobody answered may be missing. Used as the typical
    /// learner's form; a slightly stale value is fine (storage may cache it).
    [[nodiscard]] virtual std::vector<concept_skill> typical_forms(const pack_key& pack) = 0;
};

/// The append-only log of answers.
class attempt_log {
public:
    virtual ~attempt_log() = default;
    /// The attempt recorded under this idempotency key, if any (whoever recorded it).
    [[nodiscard]] virtual std::optional<attempt_record> find(const idempotency_key& key) = 0;
    /// Appends an attempt and returns its id. The key must not be in the log yet (the tutor checks with find in
    /// the same unit); storage enforces it with a unique constraint. Attempts are never updated.
    virtual attempt_id append(const attempt_record& attempt) = 0;
    /// First attempts per question of the pack over all learners (those with first_attempt set), including any
    /// appended in this unit. Questions nobody has tried may be missing.
    [[nodiscard]] virtual std::vector<question_stats> first_attempt_stats(const pack_key& pack) = 0;
    /// The response times of the learner's latest `count` right answers given in sessions (any pack), newest
    /// first. Group-round answers are left out: their time runs from the round's opening, not from one learner's
    /// question. Read only when the tutor grades from response time (tutor_config::grade_by_response_time).
    [[nodiscard]] virtual std::vector<std::chrono::milliseconds> recent_right_response_times(learner_id learner,
                                                                                             std::size_t count) = 0;
    /// Every answer of the learner (any pack), in the order they were given; what their memory model is fitted on.
    [[nodiscard]] virtual std::vector<answer_outline> history(learner_id learner) = 0;
};

/// Learners' sessions. A learner has at most one active (not ended) session.
class session_store {
public:
    virtual ~session_store() = default;
    /// Stores a new session and returns its id (`state.id` is ignored).
    virtual session_id add(const session_state& state) = 0;
    [[nodiscard]] virtual std::optional<session_state> find(session_id id) = 0;
    /// The learner's session whose phase is not ended, if any.
    [[nodiscard]] virtual std::optional<session_state> active_for(learner_id learner) = 0;
    /// Replaces the stored state of `state.id` (which must exist).
    virtual void save(const session_state& state) = 0;
};

/// One user action's transaction. Obtain the stores from it; commit once at the end.
class unit_of_work {
public:
    virtual ~unit_of_work() = default; ///< rolls back unless committed
    [[nodiscard]] virtual learner_store& learners() = 0;
    [[nodiscard]] virtual progress_store& progress() = 0;
    [[nodiscard]] virtual attempt_log& attempts() = 0;
    [[nodiscard]] virtual session_store& sessions() = 0;
    [[nodiscard]] virtual round_store& rounds() = 0;
    /// Makes every write of the unit durable at once. Called at most once; the unit is unusable afterwards.
    virtual void commit() = 0;
};

/// Starts units of work (storage: one per request on the connection it owns).
class unit_of_work_factory {
public:
    virtual ~unit_of_work_factory() = default;
    [[nodiscard]] virtual std::unique_ptr<unit_of_work> begin() = 0;
};

} // namespace quiz::engine
