// SPDX-License-Identifier: MIT
#pragma once

#include "engine/fsrs/fsrs_model.hpp"

namespace quiz::engine {

/// The FSRS rating of a multiple-choice answer: wrong is Again, right is Good. FSRS treats Hard as a pass, so a
/// wrong answer must never be Hard; with two outcomes only, Good/Again is the maintainers' recommended mapping.
[[nodiscard]] constexpr fsrs::rating rating_for_answer(bool correct) noexcept
{
    return correct ? fsrs::rating::good : fsrs::rating::again;
}

} // namespace quiz::engine
