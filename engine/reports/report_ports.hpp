// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/identity_ports.hpp"
#include "engine/core/pack.hpp"
#include "engine/core/tutor_ids.hpp"
#include "engine/learner/learner_memory.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace quiz::engine {

// What instructor reports read: plain rows, read once per report (never per learner), outside the tutor's units of
// work. Storage implements it read-only (storage/sqlite_report_source.hpp); docs/reports.md says what each table
// makes of it.

/// Whose data a report covers.
struct report_scope {
    /// A class: the learners of one workspace (a Discord server, a Slack team) and their answers, except those given
    /// in another workspace. nullopt: every learner and every answer (the local operator).
    std::optional<platform_identity> workspace;
    /// Narrows a class to the members who played a round in this channel of the workspace (the platform's own
    /// channel id); their answers in the whole workspace count. Only with `workspace`.
    std::optional<std::string> channel;
    friend bool operator==(const report_scope&, const report_scope&) = default;
};

/// A learner in scope.
struct report_learner {
    learner_id id;
    platform_identity identity;
    std::string display_name;
    learner_profile profile; ///< the study streak
    bool reminders = false;  ///< reminders by DM on (their hour and zone stay private)
    friend bool operator==(const report_learner&, const report_learner&) = default;
};

/// One answer in scope.
struct report_answer {
    learner_id learner;
    pack_key pack;
    question_key question;
    std::uint32_t chosen = 0; ///< pack order
    bool correct = false;
    bool first_attempt = false;
    instant answered_at;
    friend bool operator==(const report_answer&, const report_answer&) = default;
};

/// One learner's memory of one question.
struct report_memory {
    learner_id learner;
    question_memory memory;
};

/// One learner's form on one concept.
struct report_skill {
    learner_id learner;
    concept_skill skill;
};

/// One learner's fitted memory model.
struct report_recall_model {
    learner_id learner;
    recall::learner_recall_model model;
};

/// Reads for instructor reports. Infrastructure failures are exceptions; nothing found is an empty vector.
class report_source {
public:
    virtual ~report_source() = default;
    /// Learners in scope, by id. Instructors of a workspace are not its learners.
    [[nodiscard]] virtual std::vector<report_learner> learners(const report_scope& scope) = 0;
    /// The packs answered in scope, by key.
    [[nodiscard]] virtual std::vector<pack_key> packs(const report_scope& scope) = 0;
    /// Answers in scope, in the order they were given; one pack, or every pack.
    [[nodiscard]] virtual std::vector<report_answer> answers(const report_scope& scope,
                                                             const std::optional<pack_key>& pack) = 0;
    /// The memories of the learners in scope in the pack, by learner.
    [[nodiscard]] virtual std::vector<report_memory> memories(const report_scope& scope, const pack_key& pack) = 0;
    /// The forms of the learners in scope in the pack, by learner.
    [[nodiscard]] virtual std::vector<report_skill> skills(const report_scope& scope, const pack_key& pack) = 0;
    /// The fitted memory models of the learners in scope (learners without one use the defaults).
    [[nodiscard]] virtual std::vector<report_recall_model> recall_models(const report_scope& scope) = 0;
    /// First attempts per question of the pack over ALL learners: the cold start the tutor predicts unseen
    /// questions with (attempt_log::first_attempt_stats).
    [[nodiscard]] virtual std::vector<question_stats> population(const pack_key& pack) = 0;
    /// The mean form per concept over all learners (progress_store::typical_forms).
    [[nodiscard]] virtual std::vector<concept_skill> typical_forms(const pack_key& pack) = 0;
    /// The language `who` chose with `/quiz lang`, if they did: a report speaks to its instructor in it.
    [[nodiscard]] virtual std::optional<language> chosen_language(const platform_identity& who) = 0;
};

} // namespace quiz::engine
