// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/pack.hpp"
#include "engine/core/pack_index.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace quiz::bot::tutoring {

/// The packs a server offers, in listing order (the first is the default), and lookups by what a learner types.
class pack_shelf {
public:
    /// `library` must outlive the shelf.
    pack_shelf(const engine::pack_library& library, std::vector<engine::pack_key> order);

    /// The pack with this key; nullopt: the default. nullptr when there is no such pack.
    [[nodiscard]] const engine::pack* find(const std::optional<std::string>& key) const;
    [[nodiscard]] const engine::pack* find(const engine::pack_key& key) const;
    [[nodiscard]] const std::vector<engine::pack_key>& keys() const noexcept { return order_; }
    /// "zero-sharded, other" for error messages.
    [[nodiscard]] std::string key_list() const;
    /// The pack's title in `lang` (or another language), else its key.
    [[nodiscard]] static std::string title(const engine::pack& p, engine::language lang);

    /// A concept named by its key or by its label in either language, case aside.
    [[nodiscard]] static std::optional<engine::concept_key> find_concept(const engine::pack& p,
                                                                         std::string_view wanted);
    [[nodiscard]] static std::string concept_list(const engine::pack& p);

private:
    const engine::pack_library& library_;
    std::vector<engine::pack_key> order_;
};

} // namespace quiz::bot::tutoring
