// SPDX-License-Identifier: MIT
#include "engine/tutor/choice_order.hpp"

#include "engine/numeric/seeded_random.hpp"

#include <numeric>
#include <utility>

namespace quiz::engine {

std::vector<std::uint32_t> choice_order(std::uint64_t seed, std::int64_t learner, const question_key& question,
                                        int attempt, std::size_t choices)
{
    std::vector<std::uint32_t> order(choices);
    std::iota(order.begin(), order.end(), 0U);
    std::uint64_t s = combine(seed, static_cast<std::uint64_t>(learner));
    s = combine(s, stable_hash(question.value()));
    s = combine(s, static_cast<std::uint64_t>(attempt));
    seeded_random random(s);
    for (std::size_t i = choices; i > 1; --i) {
        const auto j = static_cast<std::size_t>(random.below(i));
        std::swap(order[i - 1], order[j]);
    }
    return order;
}

char choice_letter(std::size_t position) noexcept
{
    return position < 26 ? static_cast<char>('A' + static_cast<int>(position)) : '?';
}

std::optional<std::uint32_t> parse_choice(std::string_view text) noexcept
{
    while (!text.empty() && text.front() == ' ') {
        text.remove_prefix(1);
    }
    while (!text.empty() && text.back() == ' ') {
        text.remove_suffix(1);
    }
    if (text.size() == 1 && text[0] >= 'A' && text[0] <= 'Z') {
        return static_cast<std::uint32_t>(text[0] - 'A');
    }
    if (text.size() == 1 && text[0] >= 'a' && text[0] <= 'z') {
        return static_cast<std::uint32_t>(text[0] - 'a');
    }
    if (!text.empty() && text.size() <= 2) {
        std::uint32_t value = 0;
        for (const char c : text) {
            if (c < '0' || c > '9') {
                return std::nullopt;
            }
            value = value * 10 + static_cast<std::uint32_t>(c - '0');
        }
        if (value >= 1) {
            return value - 1;
        }
    }
    return std::nullopt;
}

} // namespace quiz::engine
