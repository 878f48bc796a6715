// SPDX-License-Identifier: MIT
#include "storage/forget.hpp"

#include "storage/state_codec.hpp"
#include "storage/statement_use.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>

#include <algorithm>
#include <array>

namespace quiz::storage {

namespace {

struct erase_step {
    std::string_view what;
    const char* sql; ///< one parameter: the learner id
};

// Children before parents: foreign keys are enforced, so a table added later that points at learner and is missing
// here makes forget fail loudly instead of leaving data behind.
constexpr std::array erase_steps{
    erase_step{"attempts", "DELETE FROM attempt WHERE learner_id = ?1"},
    erase_step{"memory states", "DELETE FROM memory WHERE learner_id = ?1"},
    erase_step{"concept mastery rows", "DELETE FROM concept_mastery WHERE learner_id = ?1"},
    erase_step{"sessions", "DELETE FROM session WHERE learner_id = ?1"},
    erase_step{"round participations", "DELETE FROM round_participant WHERE learner_id = ?1"},
    erase_step{"rounds hosted (host removed)", "UPDATE group_round SET host_id = NULL WHERE host_id = ?1"},
    erase_step{"memberships", "DELETE FROM membership WHERE learner_id = ?1"},
    erase_step{"reminders", "DELETE FROM reminder_log WHERE learner_id = ?1"},
    erase_step{"reminder schedule", "DELETE FROM reminder_schedule WHERE learner_id = ?1"},
    erase_step{"messages waiting to be sent", "DELETE FROM outbox WHERE learner_id = ?1"},
    erase_step{"memory model", "DELETE FROM memory_model WHERE learner_id = ?1"},
    erase_step{"learner", "DELETE FROM learner WHERE id = ?1"},
};

// Turns secure_delete on for this connection while alive, then restores the previous setting.
class secure_delete_scope {
public:
    explicit secure_delete_scope(SQLite::Database& db)
        : db_(db), before_(db.execAndGet("PRAGMA secure_delete").getInt() != 0)
    {
        db_.exec("PRAGMA secure_delete = ON");
    }
    secure_delete_scope(const secure_delete_scope&) = delete;
    secure_delete_scope& operator=(const secure_delete_scope&) = delete;
    ~secure_delete_scope() { db_.tryExec(before_ ? "PRAGMA secure_delete = ON" : "PRAGMA secure_delete = OFF"); }

private:
    SQLite::Database& db_;
    bool before_;
};

// Rewrites the stored state of every round the learner took part in without them: their player line, their
// answers, and their name as host (0, "nobody"). Other players' scores stay. Returns how many rounds changed.
std::int64_t scrub_rounds(SQLite::Database& db, std::int64_t learner)
{
    SQLite::Statement rounds(db, "SELECT r.id, r.state_format, r.state FROM group_round r"
                                 " JOIN round_participant p ON p.round_id = r.id WHERE p.learner_id = ?1");
    SQLite::Statement update(db, "UPDATE group_round SET state_format = ?2, state = ?3 WHERE id = ?1");
    rounds.bind(1, learner);
    std::int64_t changed = 0;
    while (rounds.executeStep()) {
        const engine::round_id id{rounds.getColumn(0).getInt64()};
        engine::round_state state = decode_round(rounds.getColumn(2).getString(), rounds.getColumn(1).getInt(), id);
        const engine::learner_id who{learner};
        std::erase_if(state.players, [&](const engine::round_player& p) { return p.learner == who; });
        std::erase_if(state.answers, [&](const engine::round_answer& a) { return a.learner == who; });
        if (state.host == who) {
            state.host = engine::learner_id{0};
        }
        const statement_use use(update);
        use->bind(1, id.value());
        use->bind(2, round_state_format);
        use->bind(3, encode_round(state));
        use->exec();
        ++changed;
    }
    return changed;
}

} // namespace

std::optional<std::vector<erased_rows>> erase_learner(SQLite::Database& db, std::string_view platform,
                                                      std::string_view external_id)
{
    const secure_delete_scope secure(db);
    SQLite::Statement find(db, "SELECT id FROM learner WHERE platform = ?1 AND external_id = ?2");
    find.bind(1, std::string(platform));
    find.bind(2, std::string(external_id));
    if (!find.executeStep()) {
        return std::nullopt;
    }
    const std::int64_t learner = find.getColumn(0).getInt64();
    std::vector<erased_rows> erased;
    erased.push_back({"round states rewritten without them", scrub_rounds(db, learner)});
    for (const erase_step& step : erase_steps) {
        SQLite::Statement erase(db, step.sql);
        erase.bind(1, learner);
        erased.push_back({step.what, erase.exec()});
    }
    return erased;
}

std::optional<std::vector<erased_rows>> forget_learner(SQLite::Database& db, std::string_view platform,
                                                       std::string_view external_id)
{
    std::optional<std::vector<erased_rows>> erased;
    {
        const secure_delete_scope secure(db);
        SQLite::Transaction transaction(db, SQLite::TransactionBehavior::IMMEDIATE);
        erased = erase_learner(db, platform, external_id);
        if (!erased) {
            return std::nullopt;
        }
        transaction.commit();
    }
    // Older page images in the WAL may still hold the rows until it is checkpointed and truncated. Best effort: a
    // reader that keeps an old snapshot open delays it, and the next automatic checkpoint finishes the job.
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    return erased;
}

} // namespace quiz::storage
