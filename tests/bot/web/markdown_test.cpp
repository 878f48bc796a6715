// SPDX-License-Identifier: MIT
#include "bot/web/html.hpp"
#include "bot/web/markdown.hpp"

#include <catch2/catch.hpp>

namespace web_markdown_test {

using quiz::bot::web::html_escape;
using quiz::bot::web::render_inline;
using quiz::bot::web::render_markdown;

TEST_CASE("markdown: paragraphs join their lines and blank lines separate them", "[markdown]")
{
    CHECK(render_markdown("one\ntwo\n\nthree\n") == "<p>one two</p>\n<p>three</p>\n");
}

TEST_CASE("markdown: headings drop their anchor and move by the offset", "[markdown]")
{
    CHECK(render_markdown("## The ZeRO stages {#zero-stages}") == "<h2>The ZeRO stages</h2>\n");
    CHECK(render_markdown("## Title", 1) == "<h3>Title</h3>\n");
    CHECK(render_markdown("###### Deep", 3) == "<h6>Deep</h6>\n");
    CHECK(render_markdown("#hashtag") == "<p>#hashtag</p>\n");
}

TEST_CASE("markdown: lists, with continuation lines, and ordered lists", "[markdown]")
{
    CHECK(render_markdown("- a\n  still a\n- b\n") == "<ul>\n<li>a still a</li>\n<li>b</li>\n</ul>\n");
    CHECK(render_markdown("1. first\n2. second") == "<ol>\n<li>first</li>\n<li>second</li>\n</ol>\n");
    CHECK(render_markdown("Intro:\n- x") == "<p>Intro:</p>\n<ul>\n<li>x</li>\n</ul>\n");
}

TEST_CASE("markdown: pipe tables with a header row", "[markdown]")
{
    CHECK(render_markdown("| item | bytes |\n|---|---:|\n| `a|b` | 2 |\n") ==
          "<table>\n<thead><tr><th>item</th><th>bytes</th></tr></thead>\n<tbody>\n"
          "<tr><td><code>a|b</code></td><td>2</td></tr>\n</tbody>\n</table>\n");
    CHECK(render_markdown("| not a table |") == "<p>| not a table |</p>\n");
}

TEST_CASE("markdown: fenced code keeps its lines and escapes them", "[markdown]")
{
    CHECK(render_markdown("```json\n{\"a\": <1>}\n  x\n```\nafter") ==
          "<pre><code>{&quot;a&quot;: &lt;1&gt;}\n  x\n</code></pre>\n<p>after</p>\n");
    CHECK(render_markdown("```\nunterminated") == "<pre><code>unterminated\n</code></pre>\n");
}

TEST_CASE("markdown: inline code, bold, italics and quotes", "[markdown]")
{
    CHECK(render_inline("a **b** *c* `d*e*`") == "a <strong>b</strong> <em>c</em> <code>d*e*</code>");
    CHECK(render_inline("2 * 3 * 4") == "2 * 3 * 4");
    CHECK(render_inline("**unclosed") == "**unclosed");
    CHECK(render_markdown("> quoted\n> more") == "<blockquote><p>quoted more</p></blockquote>\n");
}

TEST_CASE("markdown: links keep safe URLs only", "[markdown]")
{
    CHECK(render_inline("[paper](https://arxiv.org/abs/1910.02054)") ==
          "<a href=\"https://arxiv.org/abs/1910.02054\">paper</a>");
    CHECK(render_inline("[next](/guide/p/s?lang=fr&x=1)") == "<a href=\"/guide/p/s?lang=fr&amp;x=1\">next</a>");
    CHECK(render_inline("[x](javascript:alert(1))") == "[x](javascript:alert(1))");
    CHECK(render_inline("[x](JaVaScRiPt:alert(1))") == "[x](JaVaScRiPt:alert(1))");
    CHECK(render_inline("[x](data:text/html,hi)") == "[x](data:text/html,hi)");
    CHECK(render_inline("[x](\" onmouseover=\"a)") == "[x](&quot; onmouseover=&quot;a)");
}

TEST_CASE("markdown: every HTML character of the source is escaped", "[markdown]")
{
    CHECK(render_markdown("<script>alert('x')</script>") == "<p>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;</p>\n");
    CHECK(render_markdown("## <b>title</b>") == "<h2>&lt;b&gt;title&lt;/b&gt;</h2>\n");
    CHECK(render_inline("**<img src=x onerror=y>**") == "<strong>&lt;img src=x onerror=y&gt;</strong>");
    CHECK(html_escape("a&b\"c'") == "a&amp;b&quot;c&#39;");
}

TEST_CASE("markdown: thousands of unmatched markers render as text", "[markdown]")
{
    const std::string input(20000, '`');
    CHECK(render_inline(input).size() == 20000 / 2 * std::string("<code></code>").size());
    const std::string brackets(20000, '[');
    CHECK(render_inline(brackets) == brackets);
}

} // namespace web_markdown_test
