// SPDX-License-Identifier: MIT
#include "bot/cli/command.hpp"
#include "content/pack_loader.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace quiz::bot::cli::cli_content_import_test {
namespace {

namespace fs = std::filesystem;

const fs::path fixtures = fs::path(QUIZ_FIXTURES_DIR) / "import";

using scratch_folder = quiz::test::temp_dir;

struct outcome {
    int code = -1;
    std::string out;
    std::string err;
};

outcome quizbot(const std::vector<std::string>& arguments)
{
    const std::vector<std::string_view> views(arguments.begin(), arguments.end());
    std::istringstream in;
    std::ostringstream out;
    std::ostringstream err;
    outcome result;
    result.code = run(views, {in, out, err});
    result.out = out.str();
    result.err = err.str();
    return result;
}

std::string read_text(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<std::string> lines_of(const std::string& text)
{
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        lines.push_back(line);
    }
    return lines;
}

} // namespace

TEST_CASE("content import: the ten-question GIFT file becomes a pack the loader accepts", "[content_import]")
{
    scratch_folder scratch;
    const fs::path out = scratch.path() / "gpu-training";
    const auto run_import = quizbot({"content", "import", "--from", "gift", (fixtures / "gpu-training.gift").string(),
                                     "--out", out.string(), "--title", "GPU training"});
    INFO(run_import.err);
    CHECK(run_import.code == exit_ok);
    CHECK(run_import.err.empty());
    CHECK(run_import.out.starts_with("imported 10 of 10 questions from "));
    CHECK(fs::exists(out / "questions.en.md"));
    CHECK(fs::exists(out / "guide.en.md"));

    const content::load_result loaded = content::load_pack(out);
    for (const auto& d : loaded.diagnostics) {
        UNSCOPED_INFO(content::to_string(d));
    }
    CHECK(loaded.diagnostics.empty());
    REQUIRE(loaded.packs.size() == 1);
    const engine::pack& pack = loaded.packs.front();
    CHECK(pack.key.value() == "gpu-training");
    CHECK(*pack.title.get(engine::language::en) == "GPU training");
    CHECK(pack.questions.size() == 10);
    REQUIRE(pack.sections.size() == 3);
    CHECK(pack.sections[0].key.value() == "memory");
    CHECK(pack.sections[1].key.value() == "communication");
    CHECK(pack.sections[2].key.value() == "offload");
    const auto* first = pack.find(engine::question_key{"bytes-per-parameter"});
    REQUIRE(first != nullptr);
    CHECK(first->text.get(engine::language::en)->choices[0].explanation ==
          "Right: 2 (fp16 weight) + 2 (fp16 gradient) + 12 (fp32 master weight, momentum and variance).");

    // The checker agrees, through the same command line.
    const auto check = quizbot({"content", "check", out.string()});
    INFO(check.err);
    CHECK(check.code == exit_ok);
}

TEST_CASE("content import: what cannot be converted is reported, the rest is written", "[content_import]")
{
    scratch_folder scratch;
    const fs::path out = scratch.path() / "networks";
    const std::string source = (fixtures / "problems.gift").string();
    const auto result = quizbot({"content", "import", "--from", "gift", source, "--out", out.string()});
    CHECK(result.code == exit_failure);
    const auto problems = lines_of(result.err);
    REQUIRE(problems.size() == 15);
    CHECK(problems[0].starts_with(source + ":10: error: true/false question not imported"));
    CHECK(problems[5] == source + ":24: warning: text without answers (a description) is not a question: added to "
                                  "the guide section instead");
    CHECK(problems[11] == source + ":51: error: choice `A backslash` has no feedback: write its explanation");
    CHECK(problems[12] == source + ":53: error: choice `Quotes` has no feedback: write its explanation");
    CHECK(result.out.starts_with("imported 3 of 13 questions from " + source));
    CHECK(result.out.find("12 errors, 3 warnings") != std::string::npos);

    // The pack holds the three questions that convert; the checker points at the two missing explanations.
    const content::load_result loaded = content::load_pack(out);
    std::vector<std::string> errors;
    for (const auto& d : loaded.diagnostics) {
        errors.push_back(fs::path(d.file).filename().string() + ":" + std::to_string(d.line) + ": " + d.message);
    }
    const std::string missing = "choice has no explanation: add an indented line under it saying why it is right or "
                                "wrong";
    CHECK(errors == std::vector<std::string>{"questions.en.md:34: " + missing, "questions.en.md:38: " + missing});
    const std::string questions = read_text(out / "questions.en.md");
    CHECK(questions.find("## tcp-handshake\n") != std::string::npos);
    CHECK(questions.find("## no-feedback\n") != std::string::npos);
    CHECK(questions.find("## resolver\n") != std::string::npos);
    CHECK(read_text(out / "guide.en.md").find("## Networking {#networking}\n\nThe next questions are about DNS.\n") !=
          std::string::npos);
}

TEST_CASE("content import: Aiken, in French, into a named pack", "[content_import]")
{
    scratch_folder scratch;
    const fs::path out = scratch.path() / "zero";
    const auto result = quizbot({"content", "import", "--from", "aiken", (fixtures / "styles.aiken.txt").string(),
                                 "--out", out.string(), "--lang", "fr", "--pack", "zero"});
    CHECK(result.code == exit_failure);       // Aiken has no feedback: every explanation is still to write
    CHECK(lines_of(result.err).size() == 11); // 10 choices without feedback and the empty guide section
    CHECK(fs::exists(out / "questions.fr.md"));
    CHECK(fs::exists(out / "guide.fr.md"));
    const std::string questions = read_text(out / "questions.fr.md");
    CHECK(questions.starts_with("---\npack: zero\nlang: fr\ntitle: Styles\n---\n")); // title from the file name
    CHECK(questions.find("- [x] Stage 2\n  <!-- écrire pourquoi ce choix est juste -->\n") != std::string::npos);
}

TEST_CASE("content import: usage errors exit 2 and write nothing", "[content_import]")
{
    scratch_folder scratch;
    const std::string gift = (fixtures / "gpu-training.gift").string();
    const std::string out = (scratch.path() / "pack").string();

    const auto no_format = quizbot({"content", "import", gift, "--out", out});
    CHECK(no_format.code == exit_usage);
    CHECK(no_format.err.starts_with("error: --from is required: gift or aiken\n"));

    CHECK(quizbot({"content", "import", "--from", "moodle-xml", gift, "--out", out}).code == exit_usage);
    CHECK(quizbot({"content", "import", "--from", "gift", gift}).code == exit_usage);
    CHECK(quizbot({"content", "import", "--from", "gift", "--out", out}).code == exit_usage);
    CHECK(quizbot({"content", "import", "--from", "gift", gift, gift, "--out", out}).code == exit_usage);
    CHECK(quizbot({"content", "import", "--from", "gift", gift, "--out", out, "--lang", "de"}).code == exit_usage);
    CHECK(quizbot({"content", "import", "--from", "gift", gift, "--out", out, "--pack", "Not An Id"}).code ==
          exit_usage);
    const auto missing = quizbot({"content", "import", "--from", "gift", gift + ".missing", "--out", out});
    CHECK(missing.code == exit_usage);
    CHECK(missing.err.starts_with("error: cannot read " + gift + ".missing: no such file\n"));
    const auto bad_folder =
        quizbot({"content", "import", "--from", "gift", gift, "--out", (scratch.path() / "Bad Name").string()});
    CHECK(bad_folder.code == exit_usage);
    CHECK(bad_folder.err.find("rename the folder or pass --pack") != std::string::npos);
    CHECK_FALSE(fs::exists(out));
}

TEST_CASE("content import: an existing pack is replaced only with --force", "[content_import]")
{
    scratch_folder scratch;
    const fs::path out = scratch.path() / "gpu-training";
    fs::create_directories(out);
    std::ofstream(out / "questions.en.md") << "an instructor's work\n";
    const std::vector<std::string> base{
        "content", "import", "--from", "gift", (fixtures / "gpu-training.gift").string(), "--out", out.string()};

    const auto refused = quizbot(base);
    CHECK(refused.code == exit_usage);
    CHECK(refused.err.find("is not empty: pass --force") != std::string::npos);
    CHECK(read_text(out / "questions.en.md") == "an instructor's work\n");

    auto forced = base;
    forced.emplace_back("--force");
    CHECK(quizbot(forced).code == exit_ok);
    CHECK(read_text(out / "questions.en.md").starts_with("---\npack: gpu-training\n"));
}

} // namespace quiz::bot::cli::cli_content_import_test
