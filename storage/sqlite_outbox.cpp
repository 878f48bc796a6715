// SPDX-License-Identifier: MIT
#include "storage/sqlite_outbox.hpp"

#include "storage/sql_values.hpp"
#include "storage/statement_use.hpp"
#include "storage/stored_values.hpp"

#include <algorithm>

namespace quiz::storage {

sqlite_outbox::sqlite_outbox(SQLite::Database& db)
    // A new state of a waiting entry keeps its place (next_at_ms): if a sender holds it, the lease runs on and the
    // settle of the older version makes the newer one due.
    : put_(db, "INSERT INTO outbox (kind, coalesce_key, learner_id, payload, created_at_ms, expires_at_ms, next_at_ms)"
               " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?5) ON CONFLICT (coalesce_key) DO UPDATE SET"
               " payload = excluded.payload, version = version + 1, created_at_ms = excluded.created_at_ms,"
               " expires_at_ms = excluded.expires_at_ms, attempts = 0"),
      // Taken (leased to the writer, attempts 1) when new or waiting and due; otherwise it keeps its place.
      put_held_(db, "INSERT INTO outbox (kind, coalesce_key, learner_id, payload, created_at_ms, expires_at_ms,"
                    " next_at_ms, attempts) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 1) ON CONFLICT (coalesce_key) DO UPDATE"
                    " SET payload = excluded.payload, version = version + 1, created_at_ms = excluded.created_at_ms,"
                    " expires_at_ms = excluded.expires_at_ms, attempts = CASE WHEN next_at_ms <= ?5 THEN 1 ELSE 0 END,"
                    " next_at_ms = CASE WHEN next_at_ms <= ?5 THEN ?7 ELSE next_at_ms END"
                    " RETURNING id, version, attempts"),
      claim_(db, "UPDATE outbox SET next_at_ms = ?3, attempts = attempts + 1 WHERE id IN (SELECT id FROM outbox"
                 " WHERE kind = ?1 AND next_at_ms <= ?2 ORDER BY next_at_ms, id LIMIT ?4)"
                 " RETURNING id, payload, version, created_at_ms, expires_at_ms, attempts - 1"),
      remove_(db, "DELETE FROM outbox WHERE id = ?1 AND version = ?2"),
      due_at_(db, "UPDATE outbox SET next_at_ms = ?2 WHERE id = ?1"),
      next_due_(db, "SELECT min(next_at_ms) FROM outbox WHERE kind = ?1"),
      pending_(db, "SELECT count(*) FROM outbox WHERE kind = ?1")
{
}

namespace {

/// put()'s and put_held()'s first six parameters, in the same places.
void bind_entry(SQLite::Statement& st, std::string_view kind, std::string_view key,
                std::optional<engine::learner_id> about, std::string_view payload, engine::instant now,
                engine::instant expires)
{
    st.bind(1, std::string(kind));
    st.bind(2, std::string(key));
    bind_optional(st, 3, about ? std::optional(about->value()) : std::nullopt);
    st.bind(4, std::string(payload));
    st.bind(5, to_ms(now));
    st.bind(6, to_ms(expires));
}

} // namespace

void sqlite_outbox::put(std::string_view kind, std::string_view key, std::optional<engine::learner_id> about,
                        std::string_view payload, engine::instant now, engine::instant expires)
{
    const statement_use use(put_);
    bind_entry(*use, kind, key, about, payload, now, expires);
    use->exec();
}

std::optional<engine::outbox_ticket> sqlite_outbox::put_held(std::string_view kind, std::string_view key,
                                                             std::optional<engine::learner_id> about,
                                                             std::string_view payload, engine::instant now,
                                                             engine::instant expires, engine::instant lease_until)
{
    const statement_use use(put_held_);
    bind_entry(*use, kind, key, about, payload, now, expires);
    use->bind(7, to_ms(lease_until));
    if (!use->executeStep() || use->getColumn(2).getInt() != 1) {
        return std::nullopt;
    }
    return engine::outbox_ticket{engine::outbox_id{use->getColumn(0).getInt64()}, use->getColumn(1).getInt64()};
}

std::vector<engine::outbox_entry> sqlite_outbox::claim(std::string_view kind, engine::instant now,
                                                       engine::instant lease_until, std::size_t limit)
{
    const statement_use use(claim_);
    use->bind(1, std::string(kind));
    use->bind(2, to_ms(now));
    use->bind(3, to_ms(lease_until));
    use->bind(4, static_cast<std::int64_t>(limit));
    std::vector<engine::outbox_entry> out;
    while (use->executeStep()) {
        out.push_back({engine::outbox_id{use->getColumn(0).getInt64()}, use->getColumn(1).getString(),
                       use->getColumn(2).getInt64(), from_ms(use->getColumn(3).getInt64()),
                       from_ms(use->getColumn(4).getInt64()), use->getColumn(5).getInt()});
    }
    // RETURNING gives the rows in no promised order.
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
        return a.created != b.created ? a.created < b.created : a.id.value() < b.id.value();
    });
    return out;
}

void sqlite_outbox::settle(engine::outbox_id id, std::int64_t version, engine::instant now)
{
    {
        const statement_use use(remove_);
        use->bind(1, id.value());
        use->bind(2, version);
        if (use->exec() == 1) {
            return;
        }
    }
    retry_at(id, now);
}

void sqlite_outbox::retry_at(engine::outbox_id id, engine::instant at)
{
    const statement_use use(due_at_);
    use->bind(1, id.value());
    use->bind(2, to_ms(at));
    use->exec();
}

std::optional<engine::instant> sqlite_outbox::next_due(std::string_view kind)
{
    const statement_use use(next_due_);
    use->bind(1, std::string(kind));
    if (!use->executeStep()) {
        return std::nullopt;
    }
    const auto ms = optional_int(use->getColumn(0));
    return ms ? std::optional(from_ms(*ms)) : std::nullopt;
}

std::int64_t sqlite_outbox::pending(std::string_view kind)
{
    const statement_use use(pending_);
    use->bind(1, std::string(kind));
    use->executeStep();
    return use->getColumn(0).getInt64();
}

} // namespace quiz::storage
