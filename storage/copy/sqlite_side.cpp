// SPDX-License-Identifier: MIT
#include "storage/copy/database_side.hpp"
#include "storage/database.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <sqlite3.h>

namespace quiz::storage::copy {

namespace {

std::string column_list(const std::vector<std::string>& columns)
{
    std::string list;
    for (const auto& c : columns) {
        list += (list.empty() ? "" : ", ") + c;
    }
    return list;
}

class sqlite_side final : public database_side {
public:
    sqlite_side(const std::string& path, std::string shown) : db_(open_database(path)), shown_(std::move(shown)) {}

    void begin(bool writing) override
    {
        db_.exec(writing ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED");
        open_ = true;
    }
    void commit() override
    {
        db_.exec("COMMIT");
        open_ = false;
    }
    ~sqlite_side() override
    {
        if (open_) {
            try {
                db_.exec("ROLLBACK");
            } catch (const std::exception&) {
                // no transaction was open after all
            }
        }
    }

    std::int64_t count(const std::string& table) override
    {
        return db_.execAndGet("SELECT count(*) FROM " + table).getInt64();
    }

    void read(const std::string& table, const std::vector<std::string>& columns,
              const std::function<void(const row&)>& visit) override
    {
        SQLite::Statement select(db_, "SELECT " + column_list(columns) + " FROM " + table + " ORDER BY 1, 2");
        row values(columns.size());
        while (select.executeStep()) {
            for (int i = 0; i < static_cast<int>(columns.size()); ++i) {
                const auto column = select.getColumn(i);
                switch (column.getType()) {
                case SQLITE_INTEGER:
                    values[static_cast<std::size_t>(i)] = static_cast<std::int64_t>(column.getInt64());
                    break;
                case SQLITE_FLOAT:
                    values[static_cast<std::size_t>(i)] = column.getDouble();
                    break;
                case SQLITE_TEXT:
                    values[static_cast<std::size_t>(i)] = column.getString();
                    break;
                case SQLITE_BLOB:
                    values[static_cast<std::size_t>(i)] = bytes{column.getString()};
                    break;
                default:
                    values[static_cast<std::size_t>(i)] = std::monostate{};
                }
            }
            visit(values);
        }
    }

    void write(const std::string& table, const std::vector<std::string>& columns,
               const std::function<bool(row&)>& next) override
    {
        std::string marks;
        for (std::size_t i = 1; i <= columns.size(); ++i) {
            marks += (i == 1 ? "?" : ", ?") + std::to_string(i);
        }
        SQLite::Statement insert(db_,
                                 "INSERT INTO " + table + " (" + column_list(columns) + ") VALUES (" + marks + ")");
        row values;
        while (next(values)) {
            for (int i = 0; i < static_cast<int>(values.size()); ++i) {
                const auto& v = values[static_cast<std::size_t>(i)];
                if (const auto* n = std::get_if<std::int64_t>(&v)) {
                    insert.bind(i + 1, static_cast<int64_t>(*n));
                } else if (const auto* d = std::get_if<double>(&v)) {
                    insert.bind(i + 1, *d);
                } else if (const auto* t = std::get_if<std::string>(&v)) {
                    insert.bindNoCopy(i + 1, *t);
                } else if (const auto* b = std::get_if<bytes>(&v)) {
                    insert.bindNoCopy(i + 1, b->data.data(), static_cast<int>(b->data.size()));
                } else {
                    insert.bind(i + 1);
                }
            }
            insert.exec();
            insert.reset();
            insert.clearBindings();
        }
    }

    void clear(const std::string& table) override { db_.exec("DELETE FROM " + table); }

    std::int64_t id_floor(const std::string& table) override
    {
        // AUTOINCREMENT tables remember the highest id ever used in sqlite_sequence; the others reuse above the max.
        SQLite::Statement seq(db_, "SELECT max(ifnull((SELECT seq FROM sqlite_sequence WHERE name = ?1), 0), "
                                   "ifnull((SELECT max(id) FROM " +
                                       table + "), 0))");
        seq.bind(1, table);
        seq.executeStep();
        return seq.getColumn(0).getInt64();
    }

    void raise_id_floor(const std::string& table, std::int64_t floor) override
    {
        const bool autoincrement = db_.execAndGet("SELECT count(*) FROM sqlite_schema WHERE name = '" + table +
                                                  "' AND sql LIKE '%AUTOINCREMENT%'")
                                       .getInt() > 0;
        if (!autoincrement) {
            return; // a plain rowid table hands out max(id) + 1, and the copy kept every id
        }
        SQLite::Statement update(db_, "UPDATE sqlite_sequence SET seq = max(seq, ?2) WHERE name = ?1");
        update.bind(1, table);
        update.bind(2, static_cast<int64_t>(floor));
        if (update.exec() == 0) {
            SQLite::Statement insert(db_, "INSERT INTO sqlite_sequence (name, seq) VALUES (?1, ?2)");
            insert.bind(1, table);
            insert.bind(2, static_cast<int64_t>(floor));
            insert.exec();
        }
    }

    std::string name() const override { return shown_; }

private:
    SQLite::Database db_;
    std::string shown_;
    bool open_ = false;
};

} // namespace

std::unique_ptr<database_side> open_sqlite_side(const std::string& path, std::string shown)
{
    return std::make_unique<sqlite_side>(path, std::move(shown));
}

} // namespace quiz::storage::copy
