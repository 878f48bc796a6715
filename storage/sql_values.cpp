// SPDX-License-Identifier: MIT
#include "storage/sql_values.hpp"

#include <charconv>

namespace quiz::storage {

std::string join_numbers(const std::vector<std::uint32_t>& values)
{
    std::string out;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i > 0) {
            out += ',';
        }
        out += std::to_string(values[i]);
    }
    return out;
}

std::vector<std::uint32_t> split_numbers(const std::string& text)
{
    std::vector<std::uint32_t> out;
    const char* p = text.data();
    const char* const end = text.data() + text.size();
    while (p < end) {
        std::uint32_t value = 0;
        const auto [next, ec] = std::from_chars(p, end, value);
        if (ec != std::errc{} || (next != end && *next != ',')) {
            throw std::runtime_error("stored number list '" + text + "' is malformed");
        }
        out.push_back(value);
        p = next == end ? end : next + 1;
    }
    return out;
}

} // namespace quiz::storage
