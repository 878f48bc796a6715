// SPDX-License-Identifier: MIT
#include "storage/postgres/connection.hpp"

#include <libpq-fe.h>

#include <charconv>
#include <cstdlib>
#include <cstring>

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

result connection::run(const statement& s, const params& p)
{
    const std::string name(s.name);
    if (!prepared_.contains(&s)) {
        const std::string sql(s.sql);
        checked(PQprepare(raw_, name.c_str(), sql.c_str(), 0, nullptr));
        prepared_.insert(&s);
    }
    const auto count = static_cast<std::size_t>(p.size());
    std::vector<const char*> values(count);
    std::vector<int> lengths(count);
    std::vector<int> formats(count);
    for (std::size_t i = 0; i < count; ++i) {
        values[i] = p.nulls_[i] ? nullptr : p.values_[i].data();
        lengths[i] = static_cast<int>(p.values_[i].size());
        formats[i] = p.binary_[i] ? 1 : 0;
    }
    return checked(PQexecPrepared(raw_, name.c_str(), p.size(), values.data(), lengths.data(), formats.data(), 0));
}

result connection::exec(std::string_view sql) { return checked(PQexec(raw_, std::string(sql).c_str())); }

bool connection::transaction_failed() const noexcept { return PQtransactionStatus(raw_) == PQTRANS_INERROR; }

std::string connection::server_version() const
{
    const int version = PQserverVersion(raw_); // 150018 for 15.18
    return std::to_string(version / 10000) + "." + std::to_string(version % 10000);
}

} // namespace quiz::storage::postgres
