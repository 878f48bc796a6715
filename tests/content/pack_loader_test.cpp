// SPDX-License-Identifier: MIT
#include "content/pack_loader.hpp"

#include "content/pack_fixture.hpp"
#include "support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <set>

namespace content_pack_loader_test {

using namespace quiz;
using quiz::test::errors_of;
using quiz::test::fixtures_dir;
using quiz::test::read_text;
using quiz::test::write_text;
using Strings = std::vector<std::string>;
namespace fs = std::filesystem;
using engine::language;

namespace {

const fs::path valid_pack = fixtures_dir() / "packs/valid/gpu-basics";
const char* const pack_files[] = {"guide.en.md", "guide.fr.md", "questions.en.md", "questions.fr.md"};

std::string crlf_with_bom(const std::string& text)
{
    std::string out = "\xEF\xBB\xBF";
    for (const char c : text) {
        out += c == '\n' ? std::string("\r\n") : std::string(1, c);
    }
    return out;
}

} // namespace

TEST_CASE("the valid fixture pack loads into the engine's pack", "[loader]")
{
    const auto result = content::load_pack(valid_pack);
    CHECK(result.diagnostics.empty());
    REQUIRE(result.packs.size() == 1);
    const auto& pack = result.packs[0];
    CHECK(pack.key.value() == "gpu-basics");
    CHECK(pack.languages == std::vector{language::en, language::fr});
    CHECK(*pack.title.get(language::en) == "GPU memory basics");
    CHECK(*pack.title.get(language::fr) == "Les bases de la mémoire GPU");
    CHECK(*pack.level.get(language::fr) == "difficile");
    CHECK(*pack.description.get(language::en) == "Covers what lives in GPU memory during training.");
    CHECK(*pack.guide_title.get(language::fr) == "Guide : les bases de la mémoire GPU");

    REQUIRE(pack.sections.size() == 2);
    CHECK(pack.sections[0].key.value() == "adam-memory");
    CHECK(*pack.sections[0].title.get(language::fr) == "La mémoire d'Adam");
    CHECK(*pack.sections[1].body_markdown.get(language::en) == "Every rank keeps a full copy of the model states.");

    REQUIRE(pack.concepts.size() == 2);
    CHECK(*pack.concepts[1].label.get(language::fr) == "Parallélisme de données");
    REQUIRE(pack.misconceptions.size() == 2);
    CHECK(pack.misconceptions[0].key.value() == "adam-8-bytes");

    // Guide order: the adam-memory section comes first, then data-parallelism; within a section, as written.
    REQUIRE(pack.questions.size() == 3);
    CHECK(pack.questions[0].key.value() == "bytes-per-param");
    CHECK(pack.questions[1].key.value() == "adam-and-dp");
    CHECK(pack.questions[2].key.value() == "dp-replicas");

    const auto& q = pack.questions[1];
    CHECK(q.section.value() == "adam-memory");
    CHECK(q.concepts == std::vector{engine::concept_key("adam-memory"), engine::concept_key("data-parallelism")});
    CHECK(q.difficulty == 3);
    CHECK(q.correct == 1);
    CHECK(q.choice_count() == 2);
    CHECK(q.misconceptions[0] == engine::misconception_key("zero-shards-data"));
    CHECK_FALSE(q.misconceptions[1].has_value());
    const auto& fr = *q.text.get(language::fr);
    CHECK(fr.stem == "Avec 8 GPU en parallélisme de données et sans partitionnement, quelle part de l'état d'Adam "
                     "garde `rank 0`\u202F?\n\nNe comptez que les états du modèle.");
    CHECK(fr.choices[1].text == "La totalité");
    CHECK(fr.choices[1].explanation == "Exact : chaque rang garde les 16 octets par paramètre.");

    std::set<std::string> hashes;
    for (const auto& question : pack.questions) {
        CHECK(question.content_hash.size() == 64);
        hashes.insert(question.content_hash);
    }
    CHECK(hashes.size() == 3);
}

TEST_CASE("CRLF line endings and a BOM load the same pack", "[loader][robustness]")
{
    const test::temp_dir tmp;
    const auto dir = tmp.path() / "gpu-basics";
    fs::create_directory(dir);
    for (const auto* name : pack_files) {
        write_text(dir / name, crlf_with_bom(read_text(valid_pack / name)));
    }
    const auto crlf = content::load_pack(dir);
    const auto lf = content::load_pack(valid_pack);
    CHECK(crlf.diagnostics.empty());
    REQUIRE(crlf.packs.size() == 1);
    REQUIRE(lf.packs.size() == 1);
    REQUIRE(crlf.packs[0].questions.size() == lf.packs[0].questions.size());
    for (std::size_t i = 0; i < lf.packs[0].questions.size(); ++i) {
        CHECK(crlf.packs[0].questions[i].content_hash == lf.packs[0].questions[i].content_hash);
    }
}

TEST_CASE("a text edit makes a new version of that question only", "[loader]")
{
    const auto before = quiz::test::fixture_pack::valid().build();
    const auto after =
        quiz::test::fixture_pack::valid().edit("questions.fr.md", "Un huitième", "Un huitième de l'état").build();
    REQUIRE(before.packs.size() == 1);
    REQUIRE(after.packs.size() == 1);
    CHECK(after.packs[0].questions[0].content_hash == before.packs[0].questions[0].content_hash);
    CHECK(after.packs[0].questions[1].content_hash != before.packs[0].questions[1].content_hash);
    CHECK(after.packs[0].questions[2].content_hash == before.packs[0].questions[2].content_hash);
}

TEST_CASE("a folder of packs loads every pack in it", "[loader]")
{
    const std::vector<fs::path> paths{fixtures_dir() / "packs/valid"};
    const auto result = content::load_packs(paths);
    CHECK(result.diagnostics.empty());
    REQUIRE(result.packs.size() == 1);
    CHECK(result.packs[0].key.value() == "gpu-basics");
}

TEST_CASE("a pack with mistakes reports each at its file and line, and is not loaded", "[loader]")
{
    const auto dir = fixtures_dir() / "packs/broken/mistakes";
    const auto result = content::load_pack(dir);
    const auto file = (dir / "questions.en.md").string();
    CHECK(result.packs.empty());
    CHECK(errors_of(result) ==
          Strings{file + ":3: error: `lang: fr` does not match the file name `questions.en.md` (expected `lang: en`)",
                  file + ":16: error: difficulty 9 is out of range: use 1 (easy) to 5 (very hard)",
                  file + ":22: error: question `first` has a second correct choice (the first is at line 20): mark "
                         "exactly one with `- [x]`"});
}

TEST_CASE("a pack may ship one language", "[loader]")
{
    const test::temp_dir tmp;
    const auto dir = tmp.path() / "gpu-basics";
    fs::create_directory(dir);
    for (const auto* name : {"guide.fr.md", "questions.fr.md"}) {
        write_text(dir / name, read_text(valid_pack / name));
    }
    const auto result = content::load_pack(dir);
    CHECK(result.diagnostics.empty());
    REQUIRE(result.packs.size() == 1);
    CHECK(result.packs[0].languages == std::vector{language::fr});
    CHECK_FALSE(result.packs[0].questions[0].text.has(language::en));
    CHECK(result.packs[0].questions[0].text.has(language::fr));
}

TEST_CASE("an unreadable file keeps the pack out without cascading errors", "[loader][robustness]")
{
    // The reader reports why the file could not be read; the check adds nothing about that language.
    auto files = quiz::test::fixture_pack::valid().files;
    files[3].readable = false; // questions.fr.md
    files[3].text.clear();
    const auto result = content::build_pack("gpu-basics", "gpu-basics", files);
    CHECK(result.packs.empty());
    CHECK(result.diagnostics.empty());
}

TEST_CASE("missing, misnamed and unreadable files are diagnostics", "[loader][robustness]")
{
    const test::temp_dir tmp;
    const auto root = tmp.path();
    const auto path = [&](const fs::path& relative) { return (root / relative).string(); };

    SECTION("a path that does not exist")
    {
        const std::vector<fs::path> paths{root / "nowhere"};
        CHECK(errors_of(content::load_packs(paths)) == Strings{path("nowhere") + ": error: no such directory"});
    }
    SECTION("a file instead of a folder")
    {
        write_text(root / "file.md", "x");
        const std::vector<fs::path> paths{root / "file.md"};
        CHECK(errors_of(content::load_packs(paths)) == Strings{path("file.md") + ": error: not a directory"});
    }
    SECTION("an empty folder")
    {
        const std::vector<fs::path> paths{root};
        CHECK(errors_of(content::load_packs(paths)) ==
              Strings{root.string() + ": error: no pack found: expected a pack folder (with questions.<lang>.md and "
                                      "guide.<lang>.md) or a folder of pack folders"});
    }
    SECTION("a folder of packs holding a folder that is not a pack")
    {
        fs::create_directory(root / "notes");
        write_text(root / "notes/README.md", "hello");
        const std::vector<fs::path> paths{root};
        CHECK(errors_of(content::load_packs(paths)) ==
              Strings{path("notes") + ": error: not a pack: no questions.<lang>.md or guide.<lang>.md file"});
    }
    SECTION("a questions file without its guide, and a file in an unknown language")
    {
        fs::create_directory(root / "gpu-basics");
        write_text(root / "gpu-basics/questions.en.md", read_text(valid_pack / "questions.en.md"));
        write_text(root / "gpu-basics/guide.de.md", "anything");
        CHECK(errors_of(content::load_pack(root / "gpu-basics")) ==
              Strings{path("gpu-basics/guide.de.md") + ": error: unknown language `de` in the file name: pack files "
                                                       "are questions.<lang>.md and guide.<lang>.md with lang `en` or "
                                                       "`fr`",
                      path("gpu-basics/guide.en.md") + ": error: missing file: questions.en.md needs guide.en.md "
                                                       "beside it"});
    }
    SECTION("a folder where a file should be")
    {
        fs::create_directory(root / "gpu-basics");
        write_text(root / "gpu-basics/questions.en.md", read_text(valid_pack / "questions.en.md"));
        fs::create_directory(root / "gpu-basics/guide.en.md");
        CHECK(errors_of(content::load_pack(root / "gpu-basics")) ==
              Strings{path("gpu-basics/guide.en.md") + ": error: not a regular file"});
    }
    SECTION("the same pack twice")
    {
        const std::vector<fs::path> paths{valid_pack, valid_pack};
        const auto result = content::load_packs(paths);
        CHECK(result.packs.size() == 1);
        CHECK(errors_of(result) == Strings{valid_pack.string() + ": error: pack `gpu-basics` is already loaded from " +
                                           valid_pack.string()});
    }
}

} // namespace content_pack_loader_test
