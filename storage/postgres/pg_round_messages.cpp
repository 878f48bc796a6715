// SPDX-License-Identifier: MIT
#include "storage/postgres/pg_round_messages.hpp"

#include "storage/postgres/transaction.hpp"
#include "storage/sql_values.hpp"

namespace quiz::storage::postgres {

namespace {

constexpr statement round_message_find{
    "round_message_find",
    "SELECT reference, edit_token, token_at_ms, token_uses FROM round_message WHERE round_id = $1"};
constexpr statement round_message_save{
    "round_message_save",
    "INSERT INTO round_message (round_id, reference, edit_token, token_at_ms, token_uses) VALUES ($1, $2, $3, $4, $5)"
    " ON CONFLICT (round_id) DO UPDATE SET reference = excluded.reference, edit_token = excluded.edit_token,"
    " token_at_ms = excluded.token_at_ms, token_uses = excluded.token_uses"};

constexpr statement member_note_token_save{
    "member_note_token_save",
    "UPDATE round_participant SET note_token = $3, note_token_at_ms = $4 WHERE round_id = $1 AND learner_id = $2"};
constexpr statement member_note_tokens{"member_note_tokens",
                                       "SELECT learner_id, note_token, note_token_at_ms FROM round_participant"
                                       " WHERE round_id = $1 AND note_token <> '' ORDER BY learner_id"};

} // namespace

std::optional<engine::round_message> pg_round_messages::find(engine::round_id round)
{
    const result found = current_connection().run(round_message_find, params().add(round.value()));
    if (found.empty()) {
        return std::nullopt;
    }
    return engine::round_message{std::string(found.text(0, 0)), std::string(found.text(0, 1)),
                                 storage::from_ms(found.int64(0, 2)), static_cast<int>(found.int64(0, 3))};
}

void pg_round_messages::save(engine::round_id round, const engine::round_message& message)
{
    current_connection().defer(round_message_save, params()
                                                       .add(round.value())
                                                       .add(message.reference)
                                                       .add(message.edit_token)
                                                       .add(storage::to_ms(message.token_at))
                                                       .add(message.token_uses));
}

void pg_round_messages::save_note_token(engine::round_id round, const engine::member_note_token& token)
{
    current_connection().defer(
        member_note_token_save,
        params().add(round.value()).add(token.learner.value()).add(token.token).add(storage::to_ms(token.at)));
}

std::vector<engine::member_note_token> pg_round_messages::note_tokens(engine::round_id round)
{
    const result found = current_connection().run(member_note_tokens, params().add(round.value()));
    std::vector<engine::member_note_token> tokens;
    for (int row = 0; row < found.rows(); ++row) {
        tokens.push_back({engine::learner_id{found.int64(row, 0)}, std::string(found.text(row, 1)),
                          storage::from_ms(found.int64(row, 2))});
    }
    return tokens;
}

} // namespace quiz::storage::postgres
