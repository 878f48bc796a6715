// SPDX-License-Identifier: MIT
#pragma once

#include <string_view>
#include <vector>

namespace quiz::bot::web {

/// A file of bot/web/assets, compiled into the binary (bot/web/embed_assets.cmake).
struct asset {
    std::string_view name; ///< "app.js"
    std::string_view content_type;
    std::string_view body;
};

[[nodiscard]] const std::vector<asset>& embedded_assets();
/// The asset of that name, or nullptr.
[[nodiscard]] const asset* find_asset(std::string_view name);

} // namespace quiz::bot::web
