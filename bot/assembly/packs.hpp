// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/pack_index.hpp"

#include <vector>

namespace quiz::bot::assembly {

/// The packs every part reads: the library, and their keys in listing order (the first is the default).
struct packs {
    engine::pack_library library;
    std::vector<engine::pack_key> keys;

    /// Adds a pack at the end of the listing; the index returned stays valid as long as the library, moves included.
    const engine::pack_index& add(engine::pack content);
};

} // namespace quiz::bot::assembly
