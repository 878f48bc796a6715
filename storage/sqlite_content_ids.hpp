// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/pack.hpp"

#include <SQLiteCpp/Statement.h>

#include <cstdint>
#include <optional>
#include <string>

namespace SQLite {
class Database;
}

namespace quiz::storage {

/// Row ids of packs, questions and question versions, by their keys. The ensure_* calls add the row the first time
/// a key is seen (inside the caller's transaction); find_pack only reads. No cache: an id cached from a
/// transaction that later rolls back would point at nothing.
class sqlite_content_ids {
public:
    explicit sqlite_content_ids(SQLite::Database& db);

    [[nodiscard]] std::optional<std::int64_t> find_pack(const engine::pack_key& pack);
    std::int64_t ensure_pack(const engine::pack_key& pack);
    std::int64_t ensure_question(std::int64_t pack_id, const engine::question_key& question);
    std::int64_t ensure_version(std::int64_t question_id, const std::string& content_hash);

    struct version_ids {
        std::int64_t pack = 0;
        std::int64_t question = 0;
        std::int64_t version = 0; ///< 0 when `content_hash` is empty (no version)
    };
    /// All three at once: one indexed query when they exist (every answer after the first), the ensure_* steps
    /// otherwise.
    version_ids ensure_all(const engine::pack_key& pack, const engine::question_key& question,
                           const std::string& content_hash);

private:
    std::int64_t find_or_insert(SQLite::Statement& find, SQLite::Statement& insert, std::int64_t parent,
                                const std::string& key);

    SQLite::Database& db_;
    SQLite::Statement find_pack_;
    SQLite::Statement insert_pack_;
    SQLite::Statement find_question_;
    SQLite::Statement insert_question_;
    SQLite::Statement find_version_;
    SQLite::Statement insert_version_;
    SQLite::Statement find_all_;
};

} // namespace quiz::storage
