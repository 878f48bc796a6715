// SPDX-License-Identifier: MIT
#include "storage/postgres/pg_content_ids.hpp"

#include "storage/postgres/transaction.hpp"

#include <stdexcept>

namespace quiz::storage::postgres {

namespace {

constexpr statement content_find_pack{"content_ids.find_pack", "SELECT id FROM pack WHERE pack_key = $1"};
constexpr statement content_insert_pack{
    "content_ids.insert_pack",
    "INSERT INTO pack (pack_key) VALUES ($1) ON CONFLICT (pack_key) DO NOTHING RETURNING id"};
constexpr statement content_find_question{"content_ids.find_question",
                                          "SELECT id FROM question WHERE pack_id = $1 AND question_key = $2"};
constexpr statement content_insert_question{"content_ids.insert_question",
                                            "INSERT INTO question (pack_id, question_key) VALUES ($1, $2)"
                                            " ON CONFLICT (pack_id, question_key) DO NOTHING RETURNING id"};
constexpr statement content_find_version{
    "content_ids.find_version", "SELECT id FROM question_version WHERE question_id = $1 AND content_hash = $2"};
constexpr statement content_insert_version{"content_ids.insert_version",
                                           "INSERT INTO question_version (question_id, content_hash) VALUES ($1, $2)"
                                           " ON CONFLICT (question_id, content_hash) DO NOTHING RETURNING id"};
constexpr statement content_find_all{"content_ids.find_all",
                                     "SELECT p.id, q.id, v.id FROM pack p JOIN question q ON q.pack_id = p.id"
                                     " JOIN question_version v ON v.question_id = q.id"
                                     " WHERE p.pack_key = $1 AND q.question_key = $2 AND v.content_hash = $3"};

std::optional<std::int64_t> first_id(const result& rows)
{
    return rows.empty() ? std::nullopt : std::optional(rows.int64(0, 0));
}

// Looks first, so that a known key costs no sequence value; inserts when missing; and, when the insert found the key
// after all (another transaction added it and committed meanwhile: ON CONFLICT waited for it), looks again with
// this new statement's snapshot, which sees that commit.
std::int64_t content_find_or_insert(const statement& find, const statement& insert, const params& key)
{
    connection& db = current_connection();
    if (const auto id = first_id(db.run(find, key))) {
        return *id;
    }
    if (const auto id = first_id(db.run(insert, key))) {
        return *id;
    }
    if (const auto id = first_id(db.run(find, key))) {
        return *id;
    }
    throw std::logic_error("a content row was neither inserted nor found: " + std::string(insert.name));
}

} // namespace

std::optional<std::int64_t> pg_content_ids::known_pack(const engine::pack_key& pack)
{
    const std::scoped_lock lock(mutex_);
    const auto found = packs_.find(pack.value());
    return found == packs_.end() ? std::nullopt : std::optional(found->second);
}

void pg_content_ids::remember_pack(const engine::pack_key& pack, std::int64_t id)
{
    after_commit([this, key = pack.value(), id] {
        const std::scoped_lock lock(mutex_);
        packs_.emplace(key, id);
    });
}

std::optional<std::int64_t> pg_content_ids::find_pack(const engine::pack_key& pack)
{
    if (const auto id = known_pack(pack)) {
        return id;
    }
    const auto id = first_id(current_connection().run(content_find_pack, params().add(pack.value())));
    if (id) {
        remember_pack(pack, *id);
    }
    return id;
}

std::int64_t pg_content_ids::ensure_pack(const engine::pack_key& pack)
{
    if (const auto id = known_pack(pack)) {
        return *id;
    }
    const std::int64_t id = content_find_or_insert(content_find_pack, content_insert_pack, params().add(pack.value()));
    remember_pack(pack, id);
    return id;
}

std::int64_t pg_content_ids::ensure_question(std::int64_t pack_id, const engine::question_key& question)
{
    return content_find_or_insert(content_find_question, content_insert_question,
                                  params().add(pack_id).add(question.value()));
}

std::int64_t pg_content_ids::ensure_version(std::int64_t question_id, const std::string& content_hash)
{
    return content_find_or_insert(content_find_version, content_insert_version,
                                  params().add(question_id).add(content_hash));
}

pg_content_ids::version_ids pg_content_ids::ensure_all(const engine::pack_key& pack,
                                                       const engine::question_key& question,
                                                       const std::string& content_hash)
{
    version_key key{pack.value(), question.value(), content_hash};
    {
        const std::scoped_lock lock(mutex_);
        if (const auto known = versions_.find(key); known != versions_.end()) {
            return known->second;
        }
    }
    version_ids ids;
    bool found = false;
    if (!content_hash.empty()) {
        const result rows = current_connection().run(
            content_find_all, params().add(pack.value()).add(question.value()).add(content_hash));
        if (!rows.empty()) {
            ids = {rows.int64(0, 0), rows.int64(0, 1), rows.int64(0, 2)};
            found = true;
        }
    }
    if (!found) {
        ids.pack = ensure_pack(pack);
        ids.question = ensure_question(ids.pack, question);
        if (!content_hash.empty()) {
            ids.version = ensure_version(ids.question, content_hash);
        }
    }
    after_commit([this, key = std::move(key), ids]() mutable {
        const std::scoped_lock lock(mutex_);
        versions_.emplace(std::move(key), ids);
    });
    return ids;
}

} // namespace quiz::storage::postgres
