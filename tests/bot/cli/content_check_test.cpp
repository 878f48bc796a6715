// SPDX-License-Identifier: MIT
#include "support/run_quizbot.hpp"
#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace cli_content_check_test {

namespace fs = std::filesystem;

namespace {

const fs::path fixtures = QUIZ_FIXTURES_DIR;
const fs::path shipped_packs = fs::path(QUIZ_SOURCE_DIR) / "content/packs";

using outcome = quiz::test::cli_outcome;

outcome run(const std::vector<std::string>& words) { return quiz::test::run_quizbot(words); }

std::string read_text(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    REQUIRE(in);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_text(const fs::path& path, const std::string& text)
{
    std::ofstream out(path, std::ios::binary);
    out << text;
    REQUIRE(out);
}

/// Replaces the `nth` (0-based) line starting with `prefix` by `replacement`; returns its 1-based line number.
std::size_t replace_line(std::string& text, const std::string& prefix, std::size_t nth, const std::string& replacement)
{
    std::size_t line = 1;
    std::size_t seen = 0;
    for (std::size_t pos = 0; pos < text.size();) {
        const auto end = std::min(text.find('\n', pos), text.size());
        if (text.compare(pos, prefix.size(), prefix) == 0 && seen++ == nth) {
            text.replace(pos, end - pos, replacement);
            return line;
        }
        pos = end + 1;
        ++line;
    }
    FAIL("no line " << nth << " starting with " << prefix);
    return 0;
}

std::size_t count_matches(const std::string& text, const std::regex& pattern)
{
    return static_cast<std::size_t>(
        std::distance(std::sregex_iterator(text.begin(), text.end(), pattern), std::sregex_iterator()));
}

} // namespace

TEST_CASE("content check on the valid fixtures prints the summary and exits 0", "[cli][content]")
{
    const auto result = run({"content", "check", (fixtures / "packs/valid").string()});
    CHECK(result.err.empty());
    CHECK(result.code == 0);
    // Per language, then per difficulty (1 easy to 5 very hard): the fixture's questions are at 2, 4 and 3.
    CHECK(result.out == "pack gpu-basics: GPU memory basics\n"
                        "                               en   fr     d1  d2  d3  d4  d5\n"
                        "  questions                     3    3      0   1   1   1   0\n"
                        "  concept   adam-memory         2    2      0   0   1   1   0\n"
                        "  concept   data-parallelism    2    2      0   1   1   0   0\n"
                        "  section   adam-memory         2    2      0   0   1   1   0\n"
                        "  section   data-parallelism    1    1      0   1   0   0   0\n"
                        "content check: 1 pack valid, 0 warnings\n");
}

TEST_CASE("content check prints every problem as file:line and exits 1", "[cli][content]")
{
    const auto dir = fixtures / "packs/broken";
    const auto file = (dir / "mistakes/questions.en.md").string();
    const auto result = run({"content", "check", dir.string()});
    CHECK(result.code == 1);
    CHECK(result.out.empty());
    CHECK(result.err ==
          file + ":3: error: `lang: fr` does not match the file name `questions.en.md` (expected `lang: en`)\n" + file +
              ":16: error: difficulty 9 is out of range: use 1 (easy) to 5 (very hard)\n" + file +
              ":22: error: question `first` has a second correct choice (the first is at line 20): mark exactly one "
              "with `- [x]`\n"
              "content check: 3 errors, 0 warnings\n");
}

TEST_CASE("content check defaults to content/packs under the working directory", "[cli][content]")
{
    const quiz::test::temp_dir tmp;
    fs::create_directories(tmp.path() / "content/packs");
    fs::copy(fixtures / "packs/valid/gpu-basics", tmp.path() / "content/packs/gpu-basics");
    const auto previous = fs::current_path();
    fs::current_path(tmp.path());
    const auto result = run({"content", "check"});
    fs::current_path(previous);
    CHECK(result.code == 0);
    CHECK(result.out.find("pack gpu-basics: GPU memory basics\n") == 0);
}

TEST_CASE("content check reports a missing folder and rejects unknown options", "[cli][content]")
{
    const quiz::test::temp_dir tmp;
    const auto missing = (tmp.path() / "nowhere").string();
    const auto result = run({"content", "check", missing});
    CHECK(result.code == 1);
    CHECK(result.err == missing + ": error: no such directory\ncontent check: 1 error, 0 warnings\n");

    const auto usage = run({"content", "check", "--strict"});
    CHECK(usage.code == 2);
    CHECK(usage.err.find("unknown option --strict") != std::string::npos);
}

TEST_CASE("the shipped packs pass content check", "[cli][content][shipped]")
{
    const auto result = run({"content", "check", shipped_packs.string()});
    INFO(result.err);
    CHECK(result.code == 0);
    CHECK(result.err.empty()); // not a warning either
    CHECK(result.out.find("pack zero-sharded: ") == 0);
    // docs/pack-format.md shows the bundled pack's counts as this command prints them: they must stay true.
    const auto summary = result.out.substr(0, result.out.find("content check: "));
    const auto docs = read_text(fs::path(QUIZ_SOURCE_DIR) / "docs/pack-format.md");
    INFO(summary);
    CHECK(docs.find(summary) != std::string::npos);
}

TEST_CASE("five mistakes injected into a copy of the shipped pack give five file:line errors",
          "[cli][content][shipped]")
{
    const quiz::test::temp_dir tmp;
    const auto pack = tmp.path() / "zero-sharded";
    fs::copy(shipped_packs / "zero-sharded", pack);
    const auto en_path = pack / "questions.en.md";
    const auto fr_path = pack / "questions.fr.md";
    auto en = read_text(en_path);
    auto fr = read_text(fr_path);

    std::vector<std::string> expected;
    const auto expect = [&](const fs::path& file, std::size_t line) {
        expected.push_back(file.string() + ":" + std::to_string(line) + ": error: ");
    };
    expect(en_path, replace_line(en, "lang: ", 0, "lang: de"));
    expect(en_path, replace_line(en, "difficulty: ", 0, "difficulty: 9"));
    expect(en_path, replace_line(en, "section: ", 1, "section: no-such-section"));
    expect(en_path, replace_line(en, "concepts: ", 2, "concepts: no-such-concept"));
    expect(fr_path, replace_line(fr, "  misconception: ", 0, "  misconception: no-such-misconception"));
    write_text(en_path, en);
    write_text(fr_path, fr);

    const auto result = run({"content", "check", tmp.path().string()});
    CHECK(result.code == 1);
    CHECK(result.out.empty());
    INFO(result.err);
    CHECK(count_matches(result.err, std::regex(R"(\.md:[0-9]+: error: )")) >= 5);
    for (const auto& prefix : expected) {
        CHECK(result.err.find(prefix) != std::string::npos);
    }
}

} // namespace cli_content_check_test
