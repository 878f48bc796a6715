// SPDX-License-Identifier: MIT
#pragma once

#include <compare>
#include <cstddef>
#include <functional>

namespace quiz::engine {

/// An id that cannot be mixed up with another kind of id or with a bare number.
/// `Tag` only distinguishes types: `using learner_id = strong_id<struct learner_tag, std::int64_t>;`
template <class Tag, class Rep>
class strong_id {
public:
    using rep_type = Rep;

    strong_id() = default;
    explicit strong_id(Rep value) : value_(std::move(value)) {}

    [[nodiscard]] const Rep& value() const noexcept { return value_; }

    friend auto operator<=>(const strong_id&, const strong_id&) = default;
    friend bool operator==(const strong_id&, const strong_id&) = default;

private:
    Rep value_{};
};

} // namespace quiz::engine

template <class Tag, class Rep>
struct std::hash<quiz::engine::strong_id<Tag, Rep>> {
    std::size_t operator()(const quiz::engine::strong_id<Tag, Rep>& id) const noexcept
    {
        return std::hash<Rep>{}(id.value());
    }
};
