// SPDX-License-Identifier: MIT
#include "storage/postgres/pg_outbox.hpp"

#include "storage/postgres/transaction.hpp"
#include "storage/sql_values.hpp"

#include <algorithm>

namespace quiz::storage::postgres {

namespace {

// A new state of a waiting entry keeps its place (next_at_ms): see storage/sqlite_outbox.cpp.
constexpr statement outbox_put{
    "outbox_put",
    "INSERT INTO outbox (kind, coalesce_key, learner_id, payload, created_at_ms, expires_at_ms, next_at_ms)"
    " VALUES ($1, $2, $3, $4, $5, $6, $5) ON CONFLICT (coalesce_key) DO UPDATE SET payload = excluded.payload,"
    " version = outbox.version + 1, created_at_ms = excluded.created_at_ms, expires_at_ms = excluded.expires_at_ms,"
    " attempts = 0"};
// Taken by the writer when new or waiting and due: see storage/sqlite_outbox.cpp.
constexpr statement outbox_put_held{
    "outbox_put_held",
    "INSERT INTO outbox (kind, coalesce_key, learner_id, payload, created_at_ms, expires_at_ms, next_at_ms, attempts)"
    " VALUES ($1, $2, $3, $4, $5, $6, $7, 1) ON CONFLICT (coalesce_key) DO UPDATE SET payload = excluded.payload,"
    " version = outbox.version + 1, created_at_ms = excluded.created_at_ms, expires_at_ms = excluded.expires_at_ms,"
    " attempts = CASE WHEN outbox.next_at_ms <= $5 THEN 1 ELSE 0 END,"
    " next_at_ms = CASE WHEN outbox.next_at_ms <= $5 THEN $7 ELSE outbox.next_at_ms END"
    " RETURNING id, version, attempts"};
constexpr statement outbox_claim{
    "outbox_claim", "UPDATE outbox SET next_at_ms = $3, attempts = attempts + 1 WHERE id IN (SELECT id FROM outbox"
                    " WHERE kind = $1 AND next_at_ms <= $2 ORDER BY next_at_ms, id LIMIT $4 FOR UPDATE SKIP LOCKED)"
                    " RETURNING id, payload, version, created_at_ms, expires_at_ms, attempts - 1"};
constexpr statement outbox_remove{"outbox_remove", "DELETE FROM outbox WHERE id = $1 AND version = $2"};
constexpr statement outbox_due_at{"outbox_due_at", "UPDATE outbox SET next_at_ms = $2 WHERE id = $1"};
constexpr statement outbox_next_due{"outbox_next_due", "SELECT min(next_at_ms) FROM outbox WHERE kind = $1"};
constexpr statement outbox_pending{"outbox_pending", "SELECT count(*) FROM outbox WHERE kind = $1"};

} // namespace

void pg_outbox::put(std::string_view kind, std::string_view key, std::optional<engine::learner_id> about,
                    std::string_view payload, engine::instant now, engine::instant expires)
{
    current_connection().defer(outbox_put, params()
                                               .add(kind)
                                               .add(key)
                                               .add(about ? std::optional(about->value()) : std::nullopt)
                                               .add(payload)
                                               .add(to_ms(now))
                                               .add(to_ms(expires)));
}

std::optional<engine::outbox_ticket> pg_outbox::put_held(std::string_view kind, std::string_view key,
                                                         std::optional<engine::learner_id> about,
                                                         std::string_view payload, engine::instant now,
                                                         engine::instant expires, engine::instant lease_until)
{
    const result written =
        current_connection().run(outbox_put_held, params()
                                                      .add(kind)
                                                      .add(key)
                                                      .add(about ? std::optional(about->value()) : std::nullopt)
                                                      .add(payload)
                                                      .add(to_ms(now))
                                                      .add(to_ms(expires))
                                                      .add(to_ms(lease_until)));
    if (written.rows() != 1 || written.int64(0, 2) != 1) {
        return std::nullopt;
    }
    return engine::outbox_ticket{engine::outbox_id{written.int64(0, 0)}, written.int64(0, 1)};
}

std::vector<engine::outbox_entry> pg_outbox::claim(std::string_view kind, engine::instant now,
                                                   engine::instant lease_until, std::size_t limit)
{
    const result claimed = current_connection().run(
        outbox_claim, params().add(kind).add(to_ms(now)).add(to_ms(lease_until)).add(static_cast<std::int64_t>(limit)));
    std::vector<engine::outbox_entry> out;
    out.reserve(static_cast<std::size_t>(claimed.rows()));
    for (int row = 0; row < claimed.rows(); ++row) {
        out.push_back({engine::outbox_id{claimed.int64(row, 0)}, std::string(claimed.text(row, 1)),
                       claimed.int64(row, 2), from_ms(claimed.int64(row, 3)), from_ms(claimed.int64(row, 4)),
                       static_cast<int>(claimed.int64(row, 5))});
    }
    // RETURNING gives the rows in no promised order.
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
        return a.created != b.created ? a.created < b.created : a.id.value() < b.id.value();
    });
    return out;
}

void pg_outbox::settle(engine::outbox_id id, std::int64_t version, engine::instant now)
{
    if (current_connection().run(outbox_remove, params().add(id.value()).add(version)).affected() == 0) {
        retry_at(id, now);
    }
}

void pg_outbox::retry_at(engine::outbox_id id, engine::instant at)
{
    current_connection().defer(outbox_due_at, params().add(id.value()).add(to_ms(at)));
}

std::optional<engine::instant> pg_outbox::next_due(std::string_view kind)
{
    const auto ms = current_connection().run(outbox_next_due, params().add(kind)).optional_int64(0, 0);
    return ms ? std::optional(from_ms(*ms)) : std::nullopt;
}

std::int64_t pg_outbox::pending(std::string_view kind)
{
    return current_connection().run(outbox_pending, params().add(kind)).int64(0, 0);
}

} // namespace quiz::storage::postgres
