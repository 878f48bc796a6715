// SPDX-License-Identifier: MIT
#include "engine/learner/memory_table.hpp"

#include <algorithm>

namespace quiz::engine {

const question_memory& memory_table::operator[](std::uint32_t q) const noexcept
{
    static const question_memory never_answered{};
    const auto at = std::lower_bound(questions_.begin(), questions_.end(), q);
    if (at == questions_.end() || *at != q) {
        return never_answered;
    }
    return rows_[static_cast<std::size_t>(at - questions_.begin())];
}

question_memory& memory_table::operator[](std::uint32_t q)
{
    // A model is built from rows sorted by question (learner_model_on), and an answer adds one: append first.
    if (questions_.empty() || questions_.back() < q) {
        questions_.push_back(q);
        days_.emplace_back();
        return rows_.emplace_back();
    }
    const auto at = std::lower_bound(questions_.begin(), questions_.end(), q);
    const auto slot = at - questions_.begin();
    if (*at != q) {
        questions_.insert(at, q);
        rows_.insert(rows_.begin() + slot, question_memory{});
        days_.insert(days_.begin() + slot, row_days{});
    } else {
        days_[static_cast<std::size_t>(slot)] = {}; // the caller may change the row
    }
    return rows_[static_cast<std::size_t>(slot)];
}

std::span<question_memory> memory_table::rows() noexcept
{
    std::fill(days_.begin(), days_.end(), row_days{});
    return rows_;
}

void memory_table::reserve(std::size_t n)
{
    questions_.reserve(n);
    rows_.reserve(n);
    days_.reserve(n);
}

} // namespace quiz::engine
