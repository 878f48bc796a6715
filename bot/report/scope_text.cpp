// SPDX-License-Identifier: MIT
#include "bot/report/scope_text.hpp"

namespace quiz::bot::report {

std::optional<engine::report_scope> parse_scope(std::string_view text)
{
    engine::report_scope scope;
    if (text == "local") {
        return scope;
    }
    const auto colon = text.find(':');
    if (colon == std::string_view::npos || colon == 0) {
        return std::nullopt;
    }
    const auto slash = text.find('/', colon);
    const auto id =
        text.substr(colon + 1, slash == std::string_view::npos ? std::string_view::npos : slash - colon - 1);
    if (id.empty() || (slash != std::string_view::npos && slash + 1 == text.size())) {
        return std::nullopt;
    }
    scope.workspace = engine::platform_identity{std::string(text.substr(0, colon)), std::string(id)};
    if (slash != std::string_view::npos) {
        scope.channel = std::string(text.substr(slash + 1));
    }
    return scope;
}

std::string scope_text(const engine::report_scope& scope)
{
    if (!scope.workspace) {
        return "local";
    }
    std::string text = scope.workspace->platform + ":" + scope.workspace->external_id;
    if (scope.channel) {
        text += "/" + *scope.channel;
    }
    return text;
}

} // namespace quiz::bot::report
