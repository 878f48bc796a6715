// SPDX-License-Identifier: MIT
#include "engine/core/pack.hpp"

#include <algorithm>

namespace quiz::engine {

namespace {
template <class Range, class Key>
auto find_by_key(const Range& range, const Key& key) noexcept -> decltype(&*range.begin())
{
    const auto it = std::find_if(range.begin(), range.end(), [&](const auto& item) { return item.key == key; });
    return it == range.end() ? nullptr : &*it;
}
} // namespace

// Parameters are named `id`: `key` is a member of pack, and -Wshadow would flag it.
const question* pack::find(const question_key& id) const noexcept { return find_by_key(questions, id); }
const guide_section* pack::find(const section_key& id) const noexcept { return find_by_key(sections, id); }
const tag<concept_key>* pack::find(const concept_key& id) const noexcept { return find_by_key(concepts, id); }
const tag<misconception_key>* pack::find(const misconception_key& id) const noexcept
{
    return find_by_key(misconceptions, id);
}

} // namespace quiz::engine
