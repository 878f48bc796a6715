// SPDX-License-Identifier: MIT
#include "storage/copy/database_side.hpp"
#include "storage/postgres/connection.hpp"
#include "storage/postgres/migrate.hpp"

#include <deque>
#include <map>

namespace quiz::storage::copy {

namespace {

namespace pg = storage::postgres;

/// How a table's rows read on PostgreSQL: the totals kept in stripes (learner_id % 16, sql/0004) as one row per key,
/// the stripes summed, as SQLite keeps them.
std::string rows_of(const std::string& table, const std::string& columns)
{
    if (table == "concept_form_total") {
        return "SELECT pack_id, concept_key, sum(learners)::bigint, sum(form_sum) FROM concept_form_total"
               " GROUP BY pack_id, concept_key";
    }
    if (table == "question_stats") {
        return "SELECT question_id, sum(first_attempts)::bigint, sum(first_correct)::bigint FROM question_stats"
               " GROUP BY question_id";
    }
    return "SELECT " + columns + " FROM " + table;
}

class postgres_side final : public database_side {
public:
    postgres_side(const std::string& uri, std::string shown) : db_(uri), shown_(std::move(shown)) { pg::migrate(db_); }
    ~postgres_side() override
    {
        if (open_ && !db_.broken()) {
            try {
                db_.exec("ROLLBACK");
            } catch (const pg::pg_error&) {
                // the server rolls back what the connection left open anyway
            }
        }
    }

    void begin(bool writing) override
    {
        db_.exec(writing ? "BEGIN" : "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY");
        open_ = true;
    }
    void commit() override
    {
        db_.exec("COMMIT");
        open_ = false;
    }

    std::int64_t count(const std::string& table) override
    {
        return db_.exec("SELECT count(*) FROM (" + rows_of(table, "1") + ") AS counted").int64(0, 0);
    }

    void read(const std::string& table, const std::vector<std::string>& columns,
              const std::function<void(const row&)>& visit) override
    {
        std::string list;
        for (const auto& c : columns) {
            list += (list.empty() ? "" : ", ") + c;
        }
        // A cursor, so that a large table is never held in memory whole.
        db_.exec("DECLARE copy_rows NO SCROLL CURSOR FOR " + rows_of(table, list) + " ORDER BY 1, 2");
        row values(columns.size());
        for (;;) {
            const pg::result batch = db_.exec("FETCH 1000 FROM copy_rows");
            for (int r = 0; r < batch.rows(); ++r) {
                for (int c = 0; c < batch.columns(); ++c) {
                    auto& v = values[static_cast<std::size_t>(c)];
                    if (batch.is_null(r, c)) {
                        v = std::monostate{};
                        continue;
                    }
                    switch (batch.column_kind(c)) {
                    case pg::result::kind::integer:
                        v = batch.int64(r, c);
                        break;
                    case pg::result::kind::real:
                        v = batch.real(r, c);
                        break;
                    case pg::result::kind::bytes:
                        v = bytes{batch.bytes(r, c)};
                        break;
                    default:
                        v = std::string(batch.text(r, c));
                    }
                }
                visit(values);
            }
            if (batch.rows() < 1000) {
                break;
            }
        }
        db_.exec("CLOSE copy_rows");
    }

    void write(const std::string& table, const std::vector<std::string>& columns,
               const std::function<bool(row&)>& next) override
    {
        std::string list;
        std::string marks;
        for (std::size_t i = 0; i < columns.size(); ++i) {
            list += (i == 0 ? "" : ", ") + columns[i];
            marks += (i == 0 ? "$" : ", $") + std::to_string(i + 1);
        }
        // Prepared once per table on this connection (write is called once per batch); it lives as long as the side.
        auto found = inserts_.find(table);
        if (found == inserts_.end()) {
            auto& text = sql_.emplace_back("INSERT INTO " + table + " (" + list + ") VALUES (" + marks + ")");
            auto& name = sql_.emplace_back("copy_into_" + table);
            found = inserts_.emplace(table, pg::statement{name, text}).first;
        }
        const pg::statement& insert = found->second;
        row values;
        while (next(values)) {
            pg::params p;
            for (const auto& v : values) {
                if (const auto* n = std::get_if<std::int64_t>(&v)) {
                    p.add(*n);
                } else if (const auto* d = std::get_if<double>(&v)) {
                    p.add(*d);
                } else if (const auto* t = std::get_if<std::string>(&v)) {
                    p.add(std::string_view(*t));
                } else if (const auto* b = std::get_if<bytes>(&v)) {
                    p.bytes(b->data);
                } else {
                    p.null();
                }
            }
            db_.run(insert, p);
        }
    }

    void clear(const std::string& table) override { db_.exec("DELETE FROM " + table); }

    std::int64_t id_floor(const std::string& table) override
    {
        // An identity column's sequence never hands an id out twice: its last value is the floor.
        const pg::result seq = db_.exec("SELECT pg_get_serial_sequence('" + table + "', 'id')");
        std::int64_t floor = db_.exec("SELECT coalesce(max(id), 0) FROM " + table).int64(0, 0);
        if (!seq.is_null(0, 0)) {
            const pg::result last =
                db_.exec("SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM " + std::string(seq.text(0, 0)));
            floor = std::max(floor, last.int64(0, 0));
        }
        return floor;
    }

    void raise_id_floor(const std::string& table, std::int64_t floor) override
    {
        if (floor > 0) {
            db_.exec("SELECT setval(pg_get_serial_sequence('" + table + "', 'id'), " + std::to_string(floor) + ")");
        }
    }

    std::string name() const override { return shown_; }

private:
    pg::connection db_;
    std::string shown_;
    std::deque<std::string> sql_;
    std::map<std::string, pg::statement, std::less<>> inserts_; ///< by table; node-based: addresses stay
    bool open_ = false;
};

} // namespace

std::unique_ptr<database_side> open_postgres_side(const std::string& uri, std::string shown)
{
    return std::make_unique<postgres_side>(uri, std::move(shown));
}

} // namespace quiz::storage::copy
