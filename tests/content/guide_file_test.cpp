// SPDX-License-Identifier: MIT
#include "content/guide_file.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace content_guide_file_test {

using quiz::content::parse_guide;
using Strings = std::vector<std::string>;

namespace {

const std::string header = "---\npack: p\nlang: en\ntitle: Guide\n---\n"; // lines 1-5

Strings messages(const std::string& text)
{
    Strings out;
    for (const auto& d : parse_guide(text, "g.md").diagnostics) {
        out.push_back(to_string(d));
    }
    return out;
}

} // namespace

TEST_CASE("a guide parses into its sections in order, bodies kept as written", "[guide]")
{
    const auto parsed = parse_guide(header + "\n## First part {#first}\n\nSome **text**.\n\n  - indented item\n\n"
                                             "```python\n## a comment in code\n# another\n```\n\n"
                                             "<!-- an editor's note -->\n## Second {#second}\nMore.\n",
                                    "g.md");
    CHECK(parsed.diagnostics.empty());
    CHECK(parsed.value.meta.title.value == "Guide");
    REQUIRE(parsed.value.sections.size() == 2);
    const auto& first = parsed.value.sections[0];
    CHECK(first.id == "first");
    CHECK(first.title == "First part");
    CHECK(first.line == 7);
    CHECK(first.body_markdown ==
          "Some **text**.\n\n  - indented item\n\n```python\n## a comment in code\n# another\n```");
    CHECK(parsed.value.sections[1].id == "second");
    CHECK(parsed.value.sections[1].body_markdown == "More.");
}

TEST_CASE("guide problems are reported with their line", "[guide]")
{
    CHECK(messages("") == Strings{"g.md:1: error: empty file: a pack file starts with a front matter block "
                                  "(`pack:`, `lang:` and `title:` lines between two `---` lines)"});
    CHECK(messages("## A {#a}\nText.\n") ==
          Strings{"g.md:1: error: missing front matter: the file must start with a `---` line, then `pack:`, "
                  "`lang:` and `title:` lines, then `---`"});
    CHECK(messages(header) == Strings{"g.md:1: error: the guide has no section: start one with "
                                      "`## Title {#section-id}`"});
    CHECK(messages(header + "Intro\n## A {#a}\nText.\n") ==
          Strings{"g.md:6: error: text before the first section: every part of the guide belongs to a "
                  "`## Title {#section-id}` section"});
    CHECK(messages(header + "## A\nText.\n## B {#b}\nText.\n") ==
          Strings{"g.md:6: error: section heading needs an id: write `## Title {#section-id}`"});
    CHECK(messages(header + "## A {#a}\nText.\n## {#b}\nText.\n## C {#Big}\nText.\n## D {#a}\n\n") ==
          Strings{"g.md:8: error: section `b` has no title before `{#b}`",
                  "g.md:10: error: section id `Big` must use lowercase letters, digits and `-`",
                  "g.md:12: error: duplicate section id `a` (first at line 6)",
                  "g.md:12: error: section `a` is empty"});
    CHECK(messages(header + "## A {#a}\n```\n## B {#b}\n") ==
          Strings{"g.md:7: error: code block is never closed: end it with a line of ```"});
    CHECK(messages("---\npack: p\nlang: en\ntitle: G\nlevel: hard\n---\n## A {#a}\nText.\n") ==
          Strings{"g.md:5: warning: unknown front matter key `level` is ignored (expected one of: pack, lang, title)"});
}

} // namespace content_guide_file_test
