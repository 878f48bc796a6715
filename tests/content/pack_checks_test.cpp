// SPDX-License-Identifier: MIT
// Each case breaks the valid fixture pack in one way and expects exactly the errors that mistake causes.
#include "content/pack_fixture.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

namespace content_pack_checks_test {

using quiz::test::errors_of;
using quiz::test::fixture_pack;
using quiz::test::warnings_of;
using Strings = std::vector<std::string>;

namespace {

const std::string qen = "gpu-basics/questions.en.md";
const std::string qfr = "gpu-basics/questions.fr.md";
const std::string gen = "gpu-basics/guide.en.md";
const std::string gfr = "gpu-basics/guide.fr.md";

std::string at(const std::string& file, int line, const std::string& message)
{
    return file + ":" + std::to_string(line) + ": error: " + message;
}

Strings errors_after(const fixture_pack& pack)
{
    const auto result = pack.build();
    CHECK(result.packs.empty()); // a pack with errors is never handed out
    return errors_of(result);
}

bool contains(const Strings& errors, const std::string& error)
{
    return std::find(errors.begin(), errors.end(), error) != errors.end();
}

} // namespace

TEST_CASE("the valid fixture pack has no diagnostic at all", "[checks]")
{
    const auto result = fixture_pack::valid().build();
    CHECK(result.diagnostics.empty());
    CHECK(result.packs.size() == 1);
}

// Within one language

TEST_CASE("a missing front matter key is reported at the opening ---", "[checks]")
{
    auto pack = fixture_pack::valid().edit("questions.en.md", "title: GPU memory basics\n", "");
    CHECK(errors_after(pack) == Strings{at(qen, 1, "front matter has no `title:` line")});
}

TEST_CASE("lang must match the file name", "[checks]")
{
    auto pack = fixture_pack::valid().edit("questions.en.md", "lang: en", "lang: fr");
    CHECK(errors_after(pack) ==
          Strings{at(qen, 3, "`lang: fr` does not match the file name `questions.en.md` (expected `lang: en`)")});
}

TEST_CASE("pack must match the folder name", "[checks]")
{
    auto pack = fixture_pack::valid().edit("guide.fr.md", "pack: gpu-basics", "pack: gpu-basic");
    CHECK(errors_after(pack) == Strings{at(gfr, 2, "`pack: gpu-basic` does not match the folder name `gpu-basics`")});
}

TEST_CASE("a duplicate question id names the first one", "[checks]")
{
    auto pack = fixture_pack::valid()
                    .edit("questions.en.md", "## bytes-per-param", "## dp-replicas")
                    .edit("questions.fr.md", "## bytes-per-param", "## dp-replicas");
    CHECK(errors_after(pack) == Strings{at(qen, 36, "duplicate question id `dp-replicas` (first at line 21)"),
                                        at(qfr, 36, "duplicate question id `dp-replicas` (first at line 21)")});
}

TEST_CASE("a question needs a correct choice", "[checks]")
{
    auto pack = fixture_pack::valid().edit("questions.en.md", "- [x] 16 bytes", "- [ ] 16 bytes");
    CHECK(errors_after(pack) ==
          Strings{at(qen, 36, "question `bytes-per-param` has no correct choice: mark one with `- [x]`")});
}

TEST_CASE("a question has exactly one correct choice", "[checks]")
{
    auto pack = fixture_pack::valid().edit("questions.en.md", "- [ ] 4 bytes", "- [x] 4 bytes");
    CHECK(errors_after(pack) ==
          Strings{at(qen, 48,
                     "question `bytes-per-param` has a second correct choice (the first is at line 43): "
                     "mark exactly one with `- [x]`")});
}

TEST_CASE("a question with a single choice", "[checks]")
{
    auto pack = fixture_pack::valid().edit("questions.en.md",
                                           "- [ ] 8 bytes\n"
                                           "  misconception: adam-8-bytes\n"
                                           "  Counts only the two fp32 moments and forgets the master weights, the "
                                           "fp16 weights and the gradients.\n"
                                           "- [ ] 4 bytes\n"
                                           "  That is one fp32 value: the optimizer alone keeps three per parameter.\n",
                                           "");
    CHECK(errors_after(pack) ==
          Strings{at(qen, 36, "question `bytes-per-param` has 1 choice: it needs 2 to 6"),
                  at(qfr, 36, "question `bytes-per-param` has 3 choices here but 1 in questions.en.md (line 36)")});
}

TEST_CASE("a question with seven choices", "[checks]")
{
    auto pack = fixture_pack::valid().edit("questions.en.md", "- [ ] 4 bytes\n",
                                           "- [ ] 1 byte\n  No.\n- [ ] 2 bytes\n  No.\n- [ ] 3 bytes\n  No.\n"
                                           "- [ ] 5 bytes\n  No.\n- [ ] 4 bytes\n");
    CHECK(errors_after(pack) ==
          Strings{at(qen, 36, "question `bytes-per-param` has 7 choices: it needs 2 to 6"),
                  at(qfr, 36, "question `bytes-per-param` has 3 choices here but 7 in questions.en.md (line 36)")});
}

TEST_CASE("every choice needs an explanation", "[checks]")
{
    auto pack = fixture_pack::valid().edit(
        "questions.en.md", "  That is one fp32 value: the optimizer alone keeps three per parameter.\n", "");
    CHECK(errors_after(pack) ==
          Strings{at(qen, 48,
                     "choice has no explanation: add an indented line under it saying why it is right or "
                     "wrong")});
}

TEST_CASE("choice texts within a question are distinct", "[checks]")
{
    auto pack = fixture_pack::valid().edit("questions.en.md", "- [ ] 4 bytes", "- [ ] 8 bytes");
    CHECK(errors_after(pack) == Strings{at(qen, 48, "choice repeats the text of line 45")});
}

TEST_CASE("a question needs a stem", "[checks]")
{
    auto pack = fixture_pack::valid().edit(
        "questions.en.md", "With mixed-precision Adam, how many bytes of model state does each parameter need?\n", "");
    CHECK(errors_after(pack) ==
          Strings{at(qen, 36, "question `bytes-per-param` has no stem: write the question's text before its choices")});
}

TEST_CASE("a question needs its three attributes", "[checks]")
{
    auto pack = fixture_pack::valid().edit("questions.en.md", "difficulty: 4\n", "");
    CHECK(errors_after(pack) == Strings{at(qen, 36, "question `bytes-per-param` has no `difficulty:` line")});
}

TEST_CASE("a question's section must exist in the guide", "[checks]")
{
    auto pack = fixture_pack::valid()
                    .edit("questions.en.md", "section: data-parallelism", "section: data-paralelism")
                    .edit("questions.fr.md", "section: data-parallelism", "section: data-paralelism");
    CHECK(errors_after(pack) ==
          Strings{at(qen, 22, "unknown section `data-paralelism`: guide.en.md has no `{#data-paralelism}` section"),
                  at(qfr, 22, "unknown section `data-paralelism`: guide.fr.md has no `{#data-paralelism}` section")});
}

TEST_CASE("a question's concepts must be declared", "[checks]")
{
    auto pack = fixture_pack::valid()
                    .edit("questions.en.md", "concepts: adam-memory\n", "concepts: adam-memry\n")
                    .edit("questions.fr.md", "concepts: adam-memory\n", "concepts: adam-memry\n");
    CHECK(errors_after(pack) == Strings{at(qen, 38, "unknown concept `adam-memry`: declare it under `# Concepts`"),
                                        at(qfr, 38, "unknown concept `adam-memry`: declare it under `# Concepts`")});
}

TEST_CASE("a choice's misconception must be declared", "[checks]")
{
    auto pack = fixture_pack::valid()
                    .edit("questions.en.md", "misconception: adam-8-bytes", "misconception: adam-8-byte")
                    .edit("questions.fr.md", "misconception: adam-8-bytes", "misconception: adam-8-byte");
    const auto errors = errors_after(pack);
    CHECK(errors == Strings{at(qen, 46, "unknown misconception `adam-8-byte`: declare it under `# Misconceptions`"),
                            at(qfr, 46, "unknown misconception `adam-8-byte`: declare it under `# Misconceptions`")});
    // The declared one is now unused: a warning, not an error.
    CHECK(quiz::test::warnings_of(pack.build()) ==
          Strings{qen + ":16: warning: misconception `adam-8-bytes` is not used by any choice",
                  qfr + ":16: warning: misconception `adam-8-bytes` is not used by any choice"});
}

TEST_CASE("the correct choice carries no misconception", "[checks]")
{
    auto pack = fixture_pack::valid().edit("questions.en.md", "- [x] 16 bytes\n",
                                           "- [x] 16 bytes\n  misconception: adam-8-bytes\n");
    CHECK(errors_after(pack) ==
          Strings{at(qen, 44, "the correct choice cannot be tagged with a misconception"),
                  at(qfr, 43, "choice 1 is untagged here but tagged `adam-8-bytes` in questions.en.md (line 44)")});
}

TEST_CASE("difficulty is 1 to 5", "[checks]")
{
    const auto [value, message] = GENERATE(table<std::string, std::string>({
        {"0", "difficulty 0 is out of range: use 1 (easy) to 5 (very hard)"},
        {"9", "difficulty 9 is out of range: use 1 (easy) to 5 (very hard)"},
        {"4.5", "difficulty must be a whole number from 1 to 5, got `4.5`"},
        {"-1", "difficulty must be a whole number from 1 to 5, got `-1`"},
        {"99999999999999999999", "difficulty must be a whole number from 1 to 5, got `99999999999999999999`"},
    }));
    auto pack = fixture_pack::valid()
                    .edit("questions.en.md", "difficulty: 4", "difficulty: " + value)
                    .edit("questions.fr.md", "difficulty: 4", "difficulty: " + value);
    CHECK(errors_after(pack) == Strings{at(qen, 39, message), at(qfr, 39, message)});
}

TEST_CASE("guide sections have unique ids and a body", "[checks]")
{
    SECTION("empty")
    {
        auto pack =
            fixture_pack::valid().edit("guide.en.md", "Every rank keeps a full copy of the model states.\n", "");
        CHECK(errors_after(pack) == Strings{at(gen, 16, "section `data-parallelism` is empty")});
    }
    SECTION("duplicate")
    {
        auto pack = fixture_pack::valid()
                        .edit("guide.en.md", "{#data-parallelism}", "{#adam-memory}")
                        .edit("guide.fr.md", "{#data-parallelism}", "{#adam-memory}");
        CHECK(errors_after(pack) ==
              Strings{at(gen, 16, "duplicate section id `adam-memory` (first at line 7)"),
                      at(gfr, 16, "duplicate section id `adam-memory` (first at line 7)"),
                      at(qen, 22,
                         "unknown section `data-parallelism`: guide.en.md has no `{#data-parallelism}` "
                         "section"),
                      at(qfr, 22,
                         "unknown section `data-parallelism`: guide.fr.md has no `{#data-parallelism}` "
                         "section")});
    }
}

// Across languages

TEST_CASE("the correct choice is at the same position in every language", "[checks][languages]")
{
    auto pack = fixture_pack::valid()
                    .edit("questions.fr.md", "- [x] 16 octets", "- [ ] 16 octets")
                    .edit("questions.fr.md", "- [ ] 4 octets", "- [x] 4 octets");
    CHECK(errors_after(pack) ==
          Strings{at(qfr, 48, "the correct choice is choice 3 here but choice 1 in questions.en.md (line 43)")});
}

TEST_CASE("a question has as many choices in every language", "[checks][languages]")
{
    auto pack = fixture_pack::valid().edit(
        "questions.fr.md",
        "- [ ] 4 octets\n  C'est une seule valeur fp32 : l'optimiseur à lui seul en garde trois par paramètre.\n", "");
    CHECK(errors_after(pack) ==
          Strings{at(qfr, 36, "question `bytes-per-param` has 2 choices here but 3 in questions.en.md (line 36)")});
}

TEST_CASE("every language has the same question ids", "[checks][languages]")
{
    auto pack = fixture_pack::valid().edit("questions.fr.md", "## adam-and-dp", "## adam-dp");
    CHECK(errors_after(pack) == Strings{at(qen, 51, "question `adam-and-dp` is missing from questions.fr.md"),
                                        at(qfr, 51, "question `adam-dp` is not in questions.en.md")});
}

TEST_CASE("every language has the questions in the same order", "[checks][languages]")
{
    auto pack = fixture_pack::valid()
                    .edit("questions.fr.md", "## dp-replicas", "## tmp")
                    .edit("questions.fr.md", "## bytes-per-param", "## dp-replicas")
                    .edit("questions.fr.md", "## tmp", "## bytes-per-param");
    const auto errors = errors_after(pack);
    CHECK(contains(errors, at(qfr, 21,
                              "question `bytes-per-param` is not in the same order as in questions.en.md "
                              "(expected `dp-replicas` here)")));
    // The swapped questions also differ in structure, each difference at its own line.
    CHECK(contains(errors, at(qfr, 22,
                              "section `data-parallelism` differs from questions.en.md (line 37): "
                              "`adam-memory`")));
}

TEST_CASE("a question has the same section, concepts and difficulty in every language", "[checks][languages]")
{
    SECTION("section")
    {
        auto pack = fixture_pack::valid().edit("questions.fr.md", "section: adam-memory\nconcepts: adam-memory\n",
                                               "section: data-parallelism\nconcepts: adam-memory\n");
        CHECK(errors_after(pack) == Strings{at(qfr, 37,
                                               "section `data-parallelism` differs from questions.en.md "
                                               "(line 37): `adam-memory`")});
    }
    SECTION("concepts")
    {
        auto pack = fixture_pack::valid().edit("questions.fr.md", "concepts: adam-memory, data-parallelism",
                                               "concepts: adam-memory");
        CHECK(errors_after(pack) == Strings{at(qfr, 53,
                                               "concepts `adam-memory` differ from questions.en.md "
                                               "(line 53): `adam-memory, data-parallelism`")});
    }
    SECTION("concepts in another order are the same concepts")
    {
        auto pack = fixture_pack::valid().edit("questions.fr.md", "concepts: adam-memory, data-parallelism",
                                               "concepts: data-parallelism, adam-memory");
        CHECK(errors_of(pack.build()).empty());
    }
    SECTION("difficulty")
    {
        auto pack = fixture_pack::valid().edit("questions.fr.md", "difficulty: 4", "difficulty: 5");
        CHECK(errors_after(pack) == Strings{at(qfr, 39, "difficulty 5 differs from questions.en.md (line 39): 4")});
    }
}

TEST_CASE("a choice has the same misconception tag in every language", "[checks][languages]")
{
    auto pack = fixture_pack::valid().edit("questions.fr.md", "  misconception: adam-8-bytes\n", "");
    CHECK(errors_after(pack) ==
          Strings{at(qfr, 45, "choice 2 is untagged here but tagged `adam-8-bytes` in questions.en.md (line 46)")});
}

TEST_CASE("every language declares the same concepts, misconceptions and sections", "[checks][languages]")
{
    SECTION("concepts")
    {
        auto pack = fixture_pack::valid().edit("questions.fr.md", "- `data-parallelism`:", "- `data-parallel`:");
        CHECK(errors_after(pack) ==
              Strings{at(qen, 12, "concept `data-parallelism` is missing from questions.fr.md"),
                      at(qfr, 12, "concept `data-parallel` is not in questions.en.md"),
                      at(qfr, 23, "unknown concept `data-parallelism`: declare it under `# Concepts`"),
                      at(qfr, 53, "unknown concept `data-parallelism`: declare it under `# Concepts`")});
    }
    SECTION("misconceptions")
    {
        auto pack = fixture_pack::valid().edit("questions.en.md", "# Questions\n",
                                               "- `stage-mixup`: Mixing up the stages\n\n# Questions\n");
        CHECK(errors_after(pack) ==
              Strings{at(qen, 19, "misconception `stage-mixup` is missing from questions.fr.md")});
    }
    SECTION("guide sections")
    {
        auto pack = fixture_pack::valid().edit("guide.fr.md", "{#data-parallelism}", "{#dp}");
        CHECK(errors_after(pack) ==
              Strings{at(gen, 16, "section `data-parallelism` is missing from guide.fr.md"),
                      at(gfr, 16, "section `dp` is not in guide.en.md"),
                      at(qfr, 22,
                         "unknown section `data-parallelism`: guide.fr.md has no `{#data-parallelism}` "
                         "section")});
    }
    SECTION("guide section order")
    {
        auto pack = fixture_pack::valid()
                        .edit("guide.fr.md", "{#adam-memory}", "{#tmp}")
                        .edit("guide.fr.md", "{#data-parallelism}", "{#adam-memory}")
                        .edit("guide.fr.md", "{#tmp}", "{#data-parallelism}");
        CHECK(errors_after(pack) == Strings{at(gfr, 7,
                                               "section `data-parallelism` is not in the same order as in "
                                               "guide.en.md (expected `adam-memory` here)")});
    }
}

TEST_CASE("every problem of every file is reported in one run, sorted by file and line", "[checks]")
{
    auto pack = fixture_pack::valid()
                    .edit("questions.fr.md", "difficulty: 4", "difficulty: 5")
                    .edit("questions.en.md", "- [ ] 4 bytes", "- [ ] 8 bytes")
                    .edit("guide.en.md", "Every rank keeps a full copy of the model states.\n", "")
                    .edit("questions.en.md", "lang: en", "lang: fr");
    CHECK(errors_after(pack) ==
          Strings{at(gen, 16, "section `data-parallelism` is empty"),
                  at(qen, 3, "`lang: fr` does not match the file name `questions.en.md` (expected `lang: en`)"),
                  at(qen, 48, "choice repeats the text of line 45"),
                  at(qfr, 39, "difficulty 5 differs from questions.en.md (line 39): 4")});
}

// Warnings: the pack still loads, with the warning at its line

namespace {

std::string warning_at(const std::string& file, int line, const std::string& message)
{
    return file + ":" + std::to_string(line) + ": warning: " + message;
}

/// A one-language pack of `count` four-choice questions with one choice longer than the others: the key in the
/// first `key_longest` of them, a wrong choice in the rest. With `tied`, a wrong choice is as long as the key there.
fixture_pack english_pack(int count, int key_longest, bool tied = false)
{
    std::string questions = "---\npack: gpu-basics\nlang: en\ntitle: T\n---\n\n# Concepts\n\n- `c`: C\n\n# Questions\n";
    for (int i = 0; i < count; ++i) {
        const bool cued = i < key_longest;
        const std::string key = cued ? "the right answer, explained at length" : "right";
        const std::string wrong = !cued  ? "a wrong answer, explained at length"
                                  : tied ? "the wrong answer, explained at length" // as long as the key
                                         : "wrong";
        questions += "\n## q" + std::to_string(i) + "\nsection: s\nconcepts: c\ndifficulty: 3\n\nWhich?\n\n" +
                     "- [ ] " + wrong + "\n  Why not.\n- [x] " + key + "\n  Why.\n- [ ] false\n  Why not.\n" +
                     "- [ ] other\n  Why not.\n";
    }
    fixture_pack pack;
    pack.files.push_back({"questions.en.md", questions, true});
    pack.files.push_back(
        {"guide.en.md", "---\npack: gpu-basics\nlang: en\ntitle: G\n---\n\n## S {#s}\n\nText.\n", true});
    return pack;
}

} // namespace

TEST_CASE("keys that are the longest choice far more often than chance get one warning", "[checks][warnings]")
{
    // Twelve four-choice questions: by chance the key is the longest in 3; 8 or more has a chance of 0.28 %.
    const auto cued = english_pack(12, 8).build();
    CHECK(cued.packs.size() == 1);
    CHECK(warnings_of(cued) ==
          Strings{warning_at(
              qen, 13,
              "the correct choice is the longest one (or tied for it) in 8 of 12 questions, where chance gives about "
              "3.0: learners can pick it by its length; make the wrong choices as long and as "
              "specific")});
    // 7 of 12 happens by chance 1.4 % of the time: under the 1 % line, no warning.
    CHECK(warnings_of(english_pack(12, 7).build()).empty());
    CHECK(warnings_of(english_pack(12, 0).build()).empty());
}

TEST_CASE("a key tied with a wrong choice for the longest still counts, against a chance of 2 in 4",
          "[checks][warnings]")
{
    // 12 questions, each with the key and one wrong choice sharing the longest length: chance 12 x 2/4 = 6; all 12
    // happen with a chance of 1/2^12.
    CHECK(warnings_of(english_pack(12, 12, true).build()) ==
          Strings{warning_at(qen, 13,
                             "the correct choice is the longest one (or tied for it) in 12 of 12 questions, where "
                             "chance gives about 6.0: learners can pick it by its length; make the wrong choices as "
                             "long and as specific")});
    // 9 of 12 has a chance of 7.3 %: no warning.
    CHECK(warnings_of(english_pack(12, 9, true).build()).empty());
}

TEST_CASE("French prose gets typography warnings, one per line, at its line", "[checks][warnings][french]")
{
    auto pack = fixture_pack::valid();
    auto& guide = pack.text("guide.fr.md");
    // The fixture's guide has 18 lines: after a blank one, these are lines 20 to 30.
    guide += "\nUne espace ordinaire ? Non.\n"
             "Pas d'espace: non plus.\n"
             "Des guillemets \"anglais\".\n"
             "Des guillemets «\u202Ffrançais» mal fermés.\n"
             "«français\u202F» mal ouverts.\n"
             "Une fois et demie, pas 1,5x.\n"
             "Le fine-tuning du modèle.\n"
             "DeepSpeed supporte le NVMe.\n"
             "Deux fautes ? Et encore ? Une seule alerte.\n"
             "Le «\u202Ffine-tuning\u202F» entre guillemets.\n"
             "Pourquoi 4x\u202F?\n";
    const std::string factor = "write the factor in words (« quatre fois moins », « divisé par 8 ») instead of ";
    const std::string space_before_question = "replace the space before `?` with a narrow no-break space (U+202F)";
    CHECK(warnings_of(pack.build()) ==
          Strings{
              warning_at(gfr, 20, space_before_question),
              warning_at(gfr, 21, "put a narrow no-break space (U+202F) before `:`"),
              warning_at(gfr, 22, "use French quotes « » (with U+202F inside) instead of `\"`"),
              warning_at(gfr, 23, "put a narrow no-break space (U+202F) before `»`"),
              warning_at(gfr, 24, "put a narrow no-break space (U+202F) after `«`"),
              warning_at(gfr, 25, factor + "`1,5x`"),
              warning_at(gfr, 26, "`fine-tuning` is an anglicism: write « affinage » (« affiner »)"),
              warning_at(gfr, 27, "`supporte` is an anglicism: write « prend en charge »"),
              warning_at(gfr, 28, space_before_question),
              warning_at(gfr, 29, "`fine-tuning` is an anglicism: write « affinage » (« affiner »)"),
              warning_at(gfr, 30, factor + "`4x`"),
          });
}

TEST_CASE("French typography leaves code, links, times and the format's own structure alone",
          "[checks][warnings][french]")
{
    auto pack = fixture_pack::valid();
    pack.text("guide.fr.md") += "\nLa clé `\"stage\": 3` et `a ? b : c` sont du code.\n"
                                "Voir https://deepspeed.ai/docs/config-json/#zero-optimizations?x=1 et "
                                "[la doc](https://pytorch.org/docs?a=b).\n"
                                "Rendez-vous à 10:30\u202F; ratio 1:2\u202F; `x != y`\u202F; vraiment\u202F?!\n"
                                "\n```json\n{\"stage\": 3}\n```\n"
                                "\n| a | b |\n|:---|---:|\n| 8 × 2 | 16 |\n";
    // The questions file's `section:`, `difficulty:`, ``- `id`: label`` and `## id` lines are structure: the valid
    // fixture has them all and no warning.
    CHECK(warnings_of(pack.build()).empty());
}

TEST_CASE("English files get no French typography warning", "[checks][warnings][french]")
{
    auto pack = fixture_pack::valid().edit("guide.en.md", "Every rank keeps a full copy of the model states.",
                                           "Does every rank keep a 4x copy: \"yes\"?");
    CHECK(warnings_of(pack.build()).empty());
}

} // namespace content_pack_checks_test
