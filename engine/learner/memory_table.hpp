// SPDX-License-Identifier: MIT
#pragma once

#include "engine/learner/learner_memory.hpp"

#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace quiz::engine {

/// One learner's memories in one pack, by question index (pack_index numbering). Only the questions the learner has
/// met are stored, in question order, so a model costs what the learner has met, not the size of the pack: a pack
/// of 10,000 questions is as cheap to load as one of 50 for a learner who has answered 20 of either.
class memory_table {
public:
    /// The memory of question q; an empty one (never answered) when q was never stored.
    [[nodiscard]] const question_memory& operator[](std::uint32_t q) const noexcept;
    /// The stored memory of question q, added empty when missing. References stay valid until the next addition.
    [[nodiscard]] question_memory& operator[](std::uint32_t q);

    /// The stored questions' indices, ascending, and their memories in the same order (a stored memory may still
    /// be empty, attempts == 0: test with seen()).
    [[nodiscard]] std::span<const std::uint32_t> questions() const noexcept { return questions_; }
    [[nodiscard]] std::span<const question_memory> rows() const noexcept { return rows_; }
    /// Every stored memory, for writing: clears every row's kept days.
    [[nodiscard]] std::span<question_memory> rows() noexcept;
    [[nodiscard]] auto begin() const noexcept { return rows_.cbegin(); }
    [[nodiscard]] auto end() const noexcept { return rows_.cend(); }
    [[nodiscard]] std::size_t stored() const noexcept { return rows_.size(); }

    void reserve(std::size_t n);

    /// Day numbers the model's queries keep per stored row (due.cpp: the day it falls due; learner_model.cpp: the
    /// day it was first answered; recall_view.hpp: its ranking key on a day), so that a query over the questions
    /// met reads this packed array rather than every memory. A row's days are unknown again whenever the row is
    /// reached for writing (the non-const operator[] and rows(), the only ways a memory changes); a new row starts
    /// unknown.
    struct row_days {
        std::int64_t due = unknown_day;
        std::int64_t first = unknown_day;
        std::int64_t key_day = unknown_day; ///< the day `key` (recall_curve::key) holds for (recall_view.hpp)
        double key = 0.0;
    };
    static constexpr std::int64_t unknown_day = std::numeric_limits<std::int64_t>::min();
    /// In step with rows(). Mutable through a const table: what it holds is derived from the rows.
    [[nodiscard]] std::span<row_days> days() const noexcept { return days_; }

private:
    std::vector<std::uint32_t> questions_;
    std::vector<question_memory> rows_;
    mutable std::vector<row_days> days_;
};

} // namespace quiz::engine
