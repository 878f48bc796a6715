// SPDX-License-Identifier: MIT
#include "storage/sqlite_content_ids.hpp"

#include "storage/statement_use.hpp"

#include <SQLiteCpp/Database.h>

namespace quiz::storage {

sqlite_content_ids::sqlite_content_ids(SQLite::Database& db)
    : db_(db), find_pack_(db, "SELECT id FROM pack WHERE pack_key = ?1"),
      insert_pack_(db, "INSERT INTO pack (pack_key) VALUES (?1)"),
      find_question_(db, "SELECT id FROM question WHERE pack_id = ?1 AND question_key = ?2"),
      insert_question_(db, "INSERT INTO question (pack_id, question_key) VALUES (?1, ?2)"),
      find_version_(db, "SELECT id FROM question_version WHERE question_id = ?1 AND content_hash = ?2"),
      insert_version_(db, "INSERT INTO question_version (question_id, content_hash) VALUES (?1, ?2)"),
      find_all_(db, "SELECT p.id, q.id, v.id FROM pack p JOIN question q ON q.pack_id = p.id"
                    " JOIN question_version v ON v.question_id = q.id"
                    " WHERE p.pack_key = ?1 AND q.question_key = ?2 AND v.content_hash = ?3")
{
}

std::optional<std::int64_t> sqlite_content_ids::find_pack(const engine::pack_key& pack)
{
    const statement_use use(find_pack_);
    use->bind(1, pack.value());
    if (!use->executeStep()) {
        return std::nullopt;
    }
    return use->getColumn(0).getInt64();
}

std::int64_t sqlite_content_ids::ensure_pack(const engine::pack_key& pack)
{
    if (const auto id = find_pack(pack)) {
        return *id;
    }
    const statement_use use(insert_pack_);
    use->bind(1, pack.value());
    use->exec();
    return db_.getLastInsertRowid();
}

std::int64_t sqlite_content_ids::ensure_question(std::int64_t pack_id, const engine::question_key& question)
{
    return find_or_insert(find_question_, insert_question_, pack_id, question.value());
}

std::int64_t sqlite_content_ids::ensure_version(std::int64_t question_id, const std::string& content_hash)
{
    return find_or_insert(find_version_, insert_version_, question_id, content_hash);
}

std::int64_t sqlite_content_ids::find_or_insert(SQLite::Statement& find, SQLite::Statement& insert, std::int64_t parent,
                                                const std::string& key)
{
    {
        const statement_use use(find);
        use->bind(1, parent);
        use->bind(2, key);
        if (use->executeStep()) {
            return use->getColumn(0).getInt64();
        }
    }
    const statement_use use(insert);
    use->bind(1, parent);
    use->bind(2, key);
    use->exec();
    return db_.getLastInsertRowid();
}

sqlite_content_ids::version_ids sqlite_content_ids::ensure_all(const engine::pack_key& pack,
                                                               const engine::question_key& question,
                                                               const std::string& content_hash)
{
    if (!content_hash.empty()) {
        const statement_use use(find_all_);
        use->bind(1, pack.value());
        use->bind(2, question.value());
        use->bind(3, content_hash);
        if (use->executeStep()) {
            return {use->getColumn(0).getInt64(), use->getColumn(1).getInt64(), use->getColumn(2).getInt64()};
        }
    }
    version_ids ids;
    ids.pack = ensure_pack(pack);
    ids.question = ensure_question(ids.pack, question);
    if (!content_hash.empty()) {
        ids.version = ensure_version(ids.question, content_hash);
    }
    return ids;
}

} // namespace quiz::storage
