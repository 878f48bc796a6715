// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <string_view>

namespace quiz::bot::web {

/// Renders the Markdown subset guides are written in as HTML: paragraphs, ATX headings (a trailing `{#id}` is
/// dropped), `-`/`*`/`1.` lists (one level), pipe tables with a header separator, `>` quotes, fenced code blocks,
/// inline code, **bold**, *italics*, and [links](url).
///
/// Safe on any input: every character of the source is HTML-escaped, the only tags in the output are the ones the
/// renderer writes, and links keep only http, https, mailto and relative URLs (others become plain text).
/// `heading_offset` is added to heading levels (capped at 6), so that a section's `##` can sit under the page's
/// own title.
[[nodiscard]] std::string render_markdown(std::string_view markdown, int heading_offset = 0);

/// The inline part alone (code, bold, italics, links), for one line of text.
[[nodiscard]] std::string render_inline(std::string_view text);

} // namespace quiz::bot::web
