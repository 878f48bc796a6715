// SPDX-License-Identifier: MIT
#include "bot/assembly/packs.hpp"

namespace quiz::bot::assembly {

const engine::pack_index& packs::add(engine::pack content)
{
    keys.push_back(content.key);
    return library.add(std::move(content));
}

} // namespace quiz::bot::assembly
