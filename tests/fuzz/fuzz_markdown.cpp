// SPDX-License-Identifier: MIT
// The guide's Markdown renderer on arbitrary bytes: it must not crash, and its output must hold only the tags it
// writes itself (nothing from the input may open a tag or an attribute).
#include "bot/web/markdown.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

constexpr std::array<std::string_view, 26> allowed_tags{
    "p>",   "/p>", "h1>",  "/h1>", "h2>",  "/h2>", "h3>",  "/h3>",  "h4>",    "/h4>", "h5>",   "/h5>", "h6>",
    "/h6>", "ul>", "/ul>", "ol>",  "/ol>", "li>",  "/li>", "code>", "/code>", "pre>", "/pre>", "em>",  "/em>"};
constexpr std::array<std::string_view, 17> more_tags{
    "strong>", "/strong>", "a href=\"", "/a>", "table>", "/table>", "thead>", "/thead>",    "tbody>",
    "/tbody>", "tr>",      "/tr>",      "th>", "/th>",   "td>",     "/td>",   "blockquote>"};

bool known_tag(std::string_view rest)
{
    for (const auto tag : allowed_tags) {
        if (rest.starts_with(tag)) {
            return true;
        }
    }
    for (const auto tag : more_tags) {
        if (rest.starts_with(tag)) {
            return true;
        }
    }
    return rest.starts_with("/blockquote>");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const std::string html = quiz::bot::web::render_markdown(input, static_cast<int>(size % 3));
    std::size_t at = html.find('<');
    while (at != std::string::npos) {
        if (!known_tag(std::string_view(html).substr(at + 1))) {
            std::abort();
        }
        if (std::string_view(html).substr(at + 1).starts_with("a href=\"")) {
            // The URL is escaped: no quote may end the attribute before the renderer's own.
            const auto close = html.find("\">", at + 9);
            if (close == std::string::npos ||
                html.substr(at + 9, close - at - 9).find_first_of("\"<>") != std::string::npos) {
                std::abort();
            }
        }
        at = html.find('<', at + 1);
    }
    return 0;
}
