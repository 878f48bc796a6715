// SPDX-License-Identifier: MIT
#include "bot/tutoring/pack_shelf.hpp"

#include <algorithm>
#include <cctype>

namespace quiz::bot::tutoring {

namespace {

std::string lowercase(std::string_view text)
{
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

} // namespace

pack_shelf::pack_shelf(const engine::pack_library& library, std::vector<engine::pack_key> order)
    : library_(library), order_(std::move(order))
{
}

const engine::pack* pack_shelf::find(const engine::pack_key& key) const
{
    const auto* index = library_.find(key);
    return index != nullptr ? &index->content() : nullptr;
}

const engine::pack* pack_shelf::find(const std::optional<std::string>& key) const
{
    if (!key) {
        return order_.empty() ? nullptr : find(order_.front());
    }
    return find(engine::pack_key{*key});
}

std::string pack_shelf::key_list() const
{
    std::string out;
    for (const auto& key : order_) {
        out += (out.empty() ? "" : ", ") + key.value();
    }
    return out;
}

std::string pack_shelf::title(const engine::pack& p, engine::language lang)
{
    const auto* text = p.title.best(lang);
    return text != nullptr ? *text : p.key.value();
}

std::optional<engine::concept_key> pack_shelf::find_concept(const engine::pack& p, std::string_view wanted)
{
    const auto w = lowercase(wanted);
    for (const auto& c : p.concepts) {
        if (lowercase(c.key.value()) == w) {
            return c.key;
        }
        for (const auto lang : {engine::language::en, engine::language::fr}) {
            if (const auto& label = c.label.get(lang); label && lowercase(*label) == w) {
                return c.key;
            }
        }
    }
    return std::nullopt;
}

std::string pack_shelf::concept_list(const engine::pack& p)
{
    std::string out;
    for (const auto& c : p.concepts) {
        out += (out.empty() ? "" : ", ") + c.key.value();
    }
    return out;
}

} // namespace quiz::bot::tutoring
