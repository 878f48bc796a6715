// SPDX-License-Identifier: MIT
#pragma once

#include "bot/dashboard/texts.hpp"
#include "engine/core/language.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace quiz::bot::dashboard {

/// Where a page is and what its links carry on: the signed link's fields, the language and the pack.
struct page_context {
    engine::language lang = engine::language::en;
    std::string scope;       ///< as the link names it ("discord:123")
    std::string credentials; ///< "scope=…&by=…&until=…&sig=…", percent-encoded
    std::string pack;        ///< the pack shown ("" when none)
    std::string path;        ///< this page's path, for the language switch
    std::string until;       ///< the link's expiry, ISO 8601

    /// A link to `target` (a dashboard path) with the credentials, `lang` (this page's when not given), the pack
    /// and `extra` ("format=csv"), escaped for an attribute.
    [[nodiscard]] std::string href(std::string_view target, std::string_view extra = {},
                                   std::optional<engine::language> in = std::nullopt) const;
    [[nodiscard]] std::string_view say(phrase p) const noexcept { return dashboard::say(lang, p); }
};

/// The whole HTML page: head with the style sheet inline, the header with the navigation and the language switch,
/// then `main` (already HTML).
[[nodiscard]] std::string dashboard_page(const page_context& at, std::string_view title, const std::string& main);

/// Links to the CSV and JSON exports of the table of `target`.
[[nodiscard]] std::string export_links(const page_context& at, std::string_view target);

/// A small page without navigation (the refusals).
[[nodiscard]] std::string bare_page(engine::language lang, std::string_view title, const std::string& main);

} // namespace quiz::bot::dashboard
