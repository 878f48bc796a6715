// SPDX-License-Identifier: MIT
#include "bot/web/html.hpp"

namespace quiz::bot::web {

void append_escaped(std::string& out, std::string_view text)
{
    for (const char c : text) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&#39;";
            break;
        case '\0':
            out += "\xEF\xBF\xBD"; // U+FFFD: NUL is not allowed in HTML text
            break;
        default:
            out += c;
        }
    }
}

std::string html_escape(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    append_escaped(out, text);
    return out;
}

} // namespace quiz::bot::web
