// SPDX-License-Identifier: MIT
#include "storage/postgres/pg_forget.hpp"

#include "storage/postgres/transaction.hpp"
#include "storage/state_codec.hpp"

#include <algorithm>
#include <array>

namespace quiz::storage::postgres {

namespace {

struct forget_step {
    std::string_view what;
    statement erase; ///< one parameter: the learner id
};

// Children before parents, as storage/forget.cpp: the foreign keys make a table added later that points at learner
// and is missing here fail the erasure loudly instead of leaving data behind.
constexpr std::array forget_steps{
    forget_step{"attempts", {"forget_attempts", "DELETE FROM attempt WHERE learner_id = $1"}},
    forget_step{"memory states", {"forget_memory", "DELETE FROM memory WHERE learner_id = $1"}},
    forget_step{"concept mastery rows",
                {"forget_concept_mastery", "DELETE FROM concept_mastery WHERE learner_id = $1"}},
    forget_step{"sessions", {"forget_sessions", "DELETE FROM session WHERE learner_id = $1"}},
    forget_step{"round participations",
                {"forget_round_participants", "DELETE FROM round_participant WHERE learner_id = $1"}},
    forget_step{"rounds hosted (host removed)",
                {"forget_round_hosts", "UPDATE group_round SET host_id = NULL WHERE host_id = $1"}},
    forget_step{"memberships", {"forget_memberships", "DELETE FROM membership WHERE learner_id = $1"}},
    forget_step{"reminders", {"forget_reminder_log", "DELETE FROM reminder_log WHERE learner_id = $1"}},
    forget_step{"reminder schedule",
                {"forget_reminder_schedule", "DELETE FROM reminder_schedule WHERE learner_id = $1"}},
    forget_step{"messages waiting to be sent", {"forget_outbox", "DELETE FROM outbox WHERE learner_id = $1"}},
    forget_step{"memory model", {"forget_memory_model", "DELETE FROM memory_model WHERE learner_id = $1"}},
    forget_step{"learner", {"forget_learner_row", "DELETE FROM learner WHERE id = $1"}},
};

// FOR UPDATE: the row is about to be deleted; units of theirs in flight hold it (ensure_learner) and finish first.
constexpr statement forget_find{"forget_find",
                                "SELECT id FROM learner WHERE platform = $1 AND external_id = $2 FOR UPDATE"};
// The rounds are locked before their states are read, so that a round's unit running now is not overwritten with
// the state it replaces; in id order, so that two erasures sharing rounds lock them in the same order.
constexpr statement forget_rounds{"forget_rounds",
                                  "SELECT r.id, r.state_format, r.state FROM group_round r"
                                  " JOIN round_participant p ON p.round_id = r.id WHERE p.learner_id = $1"
                                  " ORDER BY r.id FOR NO KEY UPDATE OF r"};
constexpr statement forget_rewrite_round{"forget_rewrite_round",
                                         "UPDATE group_round SET state_format = $2, state = $3 WHERE id = $1"};

// Rewrites the stored state of every round the learner took part in without them, as storage/forget.cpp does:
// their player line, their answers, and their name as host (0, "nobody"). Returns how many rounds changed.
std::int64_t forget_scrub_rounds(connection& db, std::int64_t learner)
{
    const result rounds = db.run(forget_rounds, params().add(learner));
    const engine::learner_id who{learner};
    for (int row = 0; row < rounds.rows(); ++row) {
        const engine::round_id id{rounds.int64(row, 0)};
        engine::round_state state = decode_round(rounds.text(row, 2), static_cast<int>(rounds.int64(row, 1)), id);
        std::erase_if(state.players, [&](const engine::round_player& p) { return p.learner == who; });
        std::erase_if(state.answers, [&](const engine::round_answer& a) { return a.learner == who; });
        if (state.host == who) {
            state.host = engine::learner_id{0};
        }
        db.run(forget_rewrite_round, params().add(id.value()).add(round_state_format).add(encode_round(state)));
    }
    return rounds.rows();
}

} // namespace

std::optional<std::vector<erased_rows>> erase_learner(std::string_view platform, std::string_view external_id)
{
    connection& db = current_connection();
    const result found = db.run(forget_find, params().add(platform).add(external_id));
    if (found.empty()) {
        return std::nullopt;
    }
    const std::int64_t learner = found.int64(0, 0);
    std::vector<erased_rows> erased;
    erased.push_back({"round states rewritten without them", forget_scrub_rounds(db, learner)});
    for (const forget_step& step : forget_steps) {
        erased.push_back({step.what, db.run(step.erase, params().add(learner)).affected()});
    }
    return erased;
}

std::optional<std::vector<erased_rows>> forget_learner(connection& db, std::string_view platform,
                                                       std::string_view external_id)
{
    transaction erasing(db);
    auto erased = erase_learner(platform, external_id);
    if (erased) {
        erasing.commit();
    }
    return erased;
}

} // namespace quiz::storage::postgres
