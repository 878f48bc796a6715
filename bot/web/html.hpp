// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <string_view>

namespace quiz::bot::web {

/// Escapes & < > " ' so that the text is inert in element content and in quoted attribute values.
void append_escaped(std::string& out, std::string_view text);
[[nodiscard]] std::string html_escape(std::string_view text);

} // namespace quiz::bot::web
