// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/tutor_ids.hpp"

#include <SQLiteCpp/Column.h>
#include <SQLiteCpp/Statement.h>

#include <chrono>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace quiz::storage {

// Row <-> value helpers shared by the stores: instants are INTEGER milliseconds, absent values are NULL.

[[nodiscard]] inline std::int64_t to_ms(engine::instant t) noexcept { return t.time_since_epoch().count(); }
[[nodiscard]] inline engine::instant from_ms(std::int64_t ms) noexcept
{
    return engine::instant{std::chrono::milliseconds{ms}};
}

template <class T>
void bind_optional(SQLite::Statement& statement, int index, const std::optional<T>& value)
{
    if (value) {
        statement.bind(index, *value);
    } else {
        statement.bind(index);
    }
}

[[nodiscard]] inline std::optional<std::int64_t> optional_int(const SQLite::Column& column)
{
    return column.isNull() ? std::nullopt : std::optional<std::int64_t>(column.getInt64());
}

[[nodiscard]] inline std::optional<std::string> optional_text(const SQLite::Column& column)
{
    return column.isNull() ? std::nullopt : std::optional<std::string>(column.getString());
}

/// A column that must fit the C++ type it is read into; a value out of range is damaged data.
template <class Int>
[[nodiscard]] Int checked_int(const SQLite::Column& column)
{
    const std::int64_t value = column.getInt64();
    if (value < static_cast<std::int64_t>(std::numeric_limits<Int>::min()) ||
        static_cast<std::uint64_t>(value) > static_cast<std::uint64_t>(std::numeric_limits<Int>::max())) {
        throw std::runtime_error(std::string("column ") + column.getName() + " holds " + std::to_string(value) +
                                 ", out of range");
    }
    return static_cast<Int>(value);
}

/// "2,0,3,1" <-> {2, 0, 3, 1}.
[[nodiscard]] std::string join_numbers(const std::vector<std::uint32_t>& values);
[[nodiscard]] std::vector<std::uint32_t> split_numbers(const std::string& text);

} // namespace quiz::storage
