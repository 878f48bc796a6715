// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/pack.hpp"

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>

namespace quiz::storage::postgres {

/// Row ids of packs, questions and question versions, by their keys, on the calling thread's transaction
/// (current_connection()). The ensure_* calls add the row the first time a key is seen, with INSERT ... ON CONFLICT
/// DO NOTHING: a node adding the same key at the same moment waits for the other's commit and then finds its row.
/// These rows are never changed or deleted, so the ids of packs and versions are remembered once their
/// transaction has committed (after_commit; an id seen by a transaction that rolls back could point at nothing):
/// every answer after a question's first on this node costs no query. Bounded by the content served. Holds no
/// connection; one instance serves every thread.
class pg_content_ids {
public:
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
    using version_key = std::tuple<std::string, std::string, std::string>; ///< pack, question, content hash
    std::optional<std::int64_t> known_pack(const engine::pack_key& pack);
    void remember_pack(const engine::pack_key& pack, std::int64_t id);

    std::mutex mutex_;
    std::map<std::string, std::int64_t, std::less<>> packs_;
    std::map<version_key, version_ids> versions_;
};

} // namespace quiz::storage::postgres
