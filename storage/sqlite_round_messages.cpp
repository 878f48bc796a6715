// SPDX-License-Identifier: MIT
#include "storage/sqlite_round_messages.hpp"

#include "storage/sql_values.hpp"
#include "storage/statement_use.hpp"

namespace quiz::storage {

sqlite_round_messages::sqlite_round_messages(SQLite::Database& db)
    : find_(db, "SELECT reference, edit_token, token_at_ms, token_uses FROM round_message WHERE round_id = ?1"),
      save_(db, "INSERT INTO round_message (round_id, reference, edit_token, token_at_ms, token_uses)"
                " VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (round_id) DO UPDATE SET reference = excluded.reference,"
                " edit_token = excluded.edit_token, token_at_ms = excluded.token_at_ms,"
                " token_uses = excluded.token_uses"),
      save_note_token_(db, "UPDATE round_participant SET note_token = ?3, note_token_at_ms = ?4"
                           " WHERE round_id = ?1 AND learner_id = ?2"),
      note_tokens_(db, "SELECT learner_id, note_token, note_token_at_ms FROM round_participant"
                       " WHERE round_id = ?1 AND note_token <> '' ORDER BY learner_id")
{
}

std::optional<engine::round_message> sqlite_round_messages::find(engine::round_id round)
{
    const statement_use use(find_);
    use->bind(1, round.value());
    if (!use->executeStep()) {
        return std::nullopt;
    }
    return engine::round_message{use->getColumn(0).getString(), use->getColumn(1).getString(),
                                 from_ms(use->getColumn(2).getInt64()), use->getColumn(3).getInt()};
}

void sqlite_round_messages::save(engine::round_id round, const engine::round_message& message)
{
    const statement_use use(save_);
    use->bind(1, round.value());
    use->bind(2, message.reference);
    use->bind(3, message.edit_token);
    use->bind(4, to_ms(message.token_at));
    use->bind(5, message.token_uses);
    use->exec();
}

void sqlite_round_messages::save_note_token(engine::round_id round, const engine::member_note_token& token)
{
    const statement_use use(save_note_token_);
    use->bind(1, round.value());
    use->bind(2, token.learner.value());
    use->bind(3, token.token);
    use->bind(4, to_ms(token.at));
    use->exec();
}

std::vector<engine::member_note_token> sqlite_round_messages::note_tokens(engine::round_id round)
{
    const statement_use use(note_tokens_);
    use->bind(1, round.value());
    std::vector<engine::member_note_token> tokens;
    while (use->executeStep()) {
        tokens.push_back({engine::learner_id{use->getColumn(0).getInt64()}, use->getColumn(1).getString(),
                          from_ms(use->getColumn(2).getInt64())});
    }
    return tokens;
}

} // namespace quiz::storage
