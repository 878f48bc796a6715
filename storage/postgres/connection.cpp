// SPDX-License-Identifier: MIT
#include "storage/postgres/connection.hpp"

#include <libpq-fe.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <optional>
#include <stdexcept>
#include <utility>

namespace quiz::storage::postgres {

namespace {

std::string trimmed(const char* message)
{
    std::string text = message != nullptr ? message : "";
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) {
        text.pop_back();
    }
    return text;
}

template <class Number>
Number parse_number(std::string_view text)
{
    Number value{};
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size()) {
        throw pg_error("XX000", "unexpected value from the database: '" + std::string(text) + "'");
    }
    return value;
}

} // namespace

params& params::add(std::int64_t value)
{
    char buffer[24];
    const auto end = std::to_chars(std::begin(buffer), std::end(buffer), value).ptr;
    values_.emplace_back(buffer, end);
    nulls_.push_back(false);
    binary_.push_back(false);
    return *this;
}

params& params::add(double value)
{
    // Shortest form that reads back as the same double: what is stored is exactly what was computed.
    char buffer[32];
    const auto end = std::to_chars(std::begin(buffer), std::end(buffer), value).ptr;
    values_.emplace_back(buffer, end);
    nulls_.push_back(false);
    binary_.push_back(false);
    return *this;
}

params& params::add(std::string_view value)
{
    values_.emplace_back(value);
    nulls_.push_back(false);
    binary_.push_back(false);
    return *this;
}

params& params::null()
{
    values_.emplace_back();
    nulls_.push_back(true);
    binary_.push_back(false);
    return *this;
}

params& params::bytes(std::string_view value)
{
    values_.emplace_back(value);
    nulls_.push_back(false);
    binary_.push_back(true);
    return *this;
}

void result::release::operator()(pg_result* r) const noexcept { PQclear(r); }

result::result(pg_result* raw) : raw_(raw) {}

int result::rows() const noexcept { return raw_ ? PQntuples(raw_.get()) : 0; }

int result::columns() const noexcept { return raw_ ? PQnfields(raw_.get()) : 0; }

result::kind result::column_kind(int column) const
{
    // Built-in type oids (pg_type.dat): they are fixed across PostgreSQL versions.
    switch (PQftype(raw_.get(), column)) {
    case 20: // int8
    case 21: // int2
    case 23: // int4
        return kind::integer;
    case 701: // float8
        return kind::real;
    case 25:   // text
    case 1043: // varchar
        return kind::text;
    case 17: // bytea
        return kind::bytes;
    default:
        return kind::other;
    }
}

bool result::is_null(int row, int column) const { return PQgetisnull(raw_.get(), row, column) != 0; }

std::string_view result::text(int row, int column) const
{
    return {PQgetvalue(raw_.get(), row, column), static_cast<std::size_t>(PQgetlength(raw_.get(), row, column))};
}

std::int64_t result::int64(int row, int column) const { return parse_number<std::int64_t>(text(row, column)); }

double result::real(int row, int column) const { return parse_number<double>(text(row, column)); }

std::optional<std::int64_t> result::optional_int64(int row, int column) const
{
    if (is_null(row, column)) {
        return std::nullopt;
    }
    return int64(row, column);
}

std::optional<std::string> result::optional_text(int row, int column) const
{
    if (is_null(row, column)) {
        return std::nullopt;
    }
    return std::string(text(row, column));
}

std::string result::bytes(int row, int column) const
{
    std::size_t length = 0;
    unsigned char* raw =
        PQunescapeBytea(reinterpret_cast<const unsigned char*>(PQgetvalue(raw_.get(), row, column)), &length);
    if (raw == nullptr) {
        throw std::bad_alloc();
    }
    std::string value(reinterpret_cast<const char*>(raw), length);
    PQfreemem(raw);
    return value;
}

std::int64_t result::affected() const
{
    const char* count = PQcmdTuples(raw_.get());
    return count == nullptr || *count == '\0' ? 0 : parse_number<std::int64_t>(count);
}

connection::connection(const std::string& uri) : raw_(PQconnectdb(uri.c_str()))
{
    if (raw_ == nullptr) {
        throw std::bad_alloc();
    }
    if (PQstatus(raw_) != CONNECTION_OK) {
        std::string message = trimmed(PQerrorMessage(raw_));
        PQfinish(raw_);
        raw_ = nullptr;
        throw pg_error("", "cannot connect to PostgreSQL: " + message);
    }
    // Notices ("relation already exists, skipping") are not errors; libpq would print them on stderr.
    PQsetNoticeProcessor(
        raw_, [](void*, const char*) {}, nullptr);
}

connection::~connection() { PQfinish(raw_); }

result connection::checked(pg_result* raw)
{
    const ExecStatusType status = raw != nullptr ? PQresultStatus(raw) : PGRES_FATAL_ERROR;
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) {
        return result(raw);
    }
    std::string state;
    std::string message;
    if (raw != nullptr) {
        const char* code = PQresultErrorField(raw, PG_DIAG_SQLSTATE);
        state = code != nullptr ? code : "";
        message = trimmed(PQresultErrorMessage(raw));
        PQclear(raw);
    }
    if (message.empty()) {
        message = trimmed(PQerrorMessage(raw_));
    }
    if (PQstatus(raw_) != CONNECTION_OK) {
        broken_ = true;
        if (state.empty()) {
            state = "08006"; // connection_failure: the server went away mid-statement
        }
    }
    throw pg_error(std::move(state), message);
}

namespace {

/// A statement's parameters as libpq takes them; points into `p`, which must outlive it.
struct wire_values {
    wire_values(const std::vector<std::string>& texts, const std::vector<bool>& nulls, const std::vector<bool>& binary)
        : count(static_cast<int>(texts.size())), values(texts.size()), lengths(texts.size()), formats(texts.size())
    {
        for (std::size_t i = 0; i < texts.size(); ++i) {
            values[i] = nulls[i] ? nullptr : texts[i].data();
            lengths[i] = static_cast<int>(texts[i].size());
            formats[i] = binary[i] ? 1 : 0;
        }
    }
    int count;
    std::vector<const char*> values;
    std::vector<int> lengths;
    std::vector<int> formats;
};

} // namespace

result connection::run(const statement& s, const params& p)
{
    if (!deferred_.empty()) {
        return send_deferred(&s, &p);
    }
    const std::string name(s.name);
    if (!prepared_.contains(&s)) {
        const std::string sql(s.sql);
        checked(PQprepare(raw_, name.c_str(), sql.c_str(), 0, nullptr));
        prepared_.insert(&s);
    }
    const wire_values w(p.values_, p.nulls_, p.binary_);
    return checked(PQexecPrepared(raw_, name.c_str(), w.count, w.values.data(), w.lengths.data(), w.formats.data(), 0));
}

result connection::exec(std::string_view sql)
{
    sync();
    return checked(PQexec(raw_, std::string(sql).c_str()));
}

void connection::defer(const statement& s, params p) { deferred_.push_back({&s, {}, std::move(p), {}}); }

void connection::defer_changing(const statement& s, params p, std::string none_changed)
{
    deferred_.push_back({&s, {}, std::move(p), std::move(none_changed)});
}

void connection::defer(std::string sql) { deferred_.push_back({nullptr, std::move(sql), {}, {}}); }

bool connection::deferred_checks() const noexcept
{
    return std::any_of(deferred_.begin(), deferred_.end(),
                       [](const deferred_statement& d) { return !d.none_changed.empty(); });
}

void connection::sync()
{
    if (!deferred_.empty()) {
        send_deferred(nullptr, nullptr);
    }
}

result connection::send_deferred(const statement* last, const params* last_values)
{
    const std::vector<deferred_statement> batch = std::exchange(deferred_, {});
    // What each command sent will answer, in order: the statement it prepares (a Parse), or null (an execution),
    // whether it is `last`, and defer_changing's check.
    struct expected {
        const statement* preparing;
        bool is_last;
        const std::string* none_changed; ///< null or empty for no check
    };
    std::vector<expected> answers;
    const auto lost = [this](std::string message) {
        if (message.empty()) {
            message = trimmed(PQerrorMessage(raw_));
        }
        // A pipeline half sent or half read leaves the connection out of step with the server: it is not used again.
        broken_ = true;
        return pg_error("08006", std::move(message));
    };
    if (PQenterPipelineMode(raw_) != 1) {
        throw lost("");
    }
    std::vector<std::string> names; // kept alive until sent
    names.reserve(batch.size() + 1);
    const auto send_prepared = [&](const statement& s, const params& p, bool is_last, const std::string* check) {
        names.emplace_back(s.name);
        const char* name = names.back().c_str();
        if (!prepared_.contains(&s)) {
            if (PQsendPrepare(raw_, name, std::string(s.sql).c_str(), 0, nullptr) != 1) {
                throw lost("");
            }
            // Counted as prepared at once, so that the same statement later in this pipeline is not prepared twice;
            // forgotten again below if the preparation fails or is skipped.
            prepared_.insert(&s);
            answers.push_back({&s, false, nullptr});
        }
        const wire_values w(p.values_, p.nulls_, p.binary_);
        if (PQsendQueryPrepared(raw_, name, w.count, w.values.data(), w.lengths.data(), w.formats.data(), 0) != 1) {
            throw lost("");
        }
        answers.push_back({nullptr, is_last, check});
    };
    for (const deferred_statement& d : batch) {
        if (d.prepared != nullptr) {
            send_prepared(*d.prepared, d.values, false, &d.none_changed);
        } else {
            if (PQsendQueryParams(raw_, d.text.c_str(), 0, nullptr, nullptr, nullptr, nullptr, 0) != 1) {
                throw lost("");
            }
            answers.push_back({nullptr, false, nullptr});
        }
    }
    if (last != nullptr) {
        send_prepared(*last, *last_values, true, nullptr);
    }
    if (PQpipelineSync(raw_) != 1) {
        throw lost("");
    }

    // Every command answers with one result and then a null; after an error the rest answer "aborted"; the sync
    // answers last. The first error is the one thrown, once the pipeline is read to its end.
    std::exception_ptr failure;
    std::optional<result> answer;
    for (const expected& e : answers) {
        pg_result* raw = PQgetResult(raw_);
        if (raw == nullptr) {
            throw lost("");
        }
        const ExecStatusType status = PQresultStatus(raw);
        if (e.preparing != nullptr && status != PGRES_COMMAND_OK) {
            prepared_.erase(e.preparing);
        }
        if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) {
            result r(raw);
            if (e.none_changed != nullptr && !e.none_changed->empty() && r.affected() == 0 && !failure) {
                failure = std::make_exception_ptr(std::logic_error(*e.none_changed));
            }
            if (e.is_last) {
                answer.emplace(std::move(r));
            }
        } else if (status == PGRES_PIPELINE_ABORTED) {
            PQclear(raw);
        } else {
            try {
                checked(raw); // throws, and frees raw
            } catch (const pg_error&) {
                if (broken_) {
                    throw;
                }
                if (!failure) {
                    failure = std::current_exception();
                }
            }
        }
        if (pg_result* extra = PQgetResult(raw_); extra != nullptr) {
            PQclear(extra);
            throw lost("unexpected second result of a pipelined statement");
        }
    }
    pg_result* end = PQgetResult(raw_);
    const bool synced = end != nullptr && PQresultStatus(end) == PGRES_PIPELINE_SYNC;
    PQclear(end);
    if (!synced || PQexitPipelineMode(raw_) != 1) {
        throw lost("");
    }
    if (failure) {
        std::rethrow_exception(failure);
    }
    return answer ? std::move(*answer) : result(nullptr);
}

bool connection::transaction_failed() const noexcept { return PQtransactionStatus(raw_) == PQTRANS_INERROR; }

bool connection::transaction_open() const noexcept
{
    const PGTransactionStatusType status = PQtransactionStatus(raw_);
    return status == PQTRANS_INTRANS || status == PQTRANS_INERROR;
}

std::string connection::server_version() const
{
    const int version = PQserverVersion(raw_); // 150018 for 15.18
    return std::to_string(version / 10000) + "." + std::to_string(version % 10000);
}

} // namespace quiz::storage::postgres
