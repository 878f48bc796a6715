// SPDX-License-Identifier: MIT
// `quizbot play` end to end, in process: a scripted learner reads each card, decides from the pack which letter is
// right, answers, quits, and comes back days later on the same SQLite database.
#include "bot/cli/command.hpp"
#include "content/pack_loader.hpp"
#include "support/action_sequence.hpp"
#include "support/temp_dir.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <streambuf>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path packs_dir = fs::path(QUIZ_SOURCE_DIR) / "content/packs";

const quiz::engine::pack& shipped_pack()
{
    static const quiz::engine::pack pack = [] {
        auto loaded = quiz::content::load_pack(packs_dir / "zero-sharded");
        REQUIRE(loaded.packs.size() == 1);
        return loaded.packs.front();
    }();
    return pack;
}

/// Input that is written while the command runs: each time the command wants a line, `next` decides it (nullopt:
/// end of input), so the answer can depend on what has been shown so far.
class scripted_input : public std::streambuf {
public:
    explicit scripted_input(std::function<std::optional<std::string>()> next) : next_(std::move(next)) {}

protected:
    int_type underflow() override
    {
        if (gptr() != nullptr && gptr() < egptr()) {
            return traits_type::to_int_type(*gptr());
        }
        const auto line = next_();
        if (!line) {
            return traits_type::eof();
        }
        buffer_ = *line + '\n';
        setg(buffer_.data(), buffer_.data(), buffer_.data() + buffer_.size());
        return traits_type::to_int_type(*gptr());
    }

private:
    std::function<std::optional<std::string>()> next_;
    std::string buffer_;
};

struct shown_card {
    std::string question; ///< the pack's key, found from the choices on screen
    std::vector<std::string> choices;
};

/// The choices of the last card in `text` ("A. ...", "B. ..." lines in a row), if it shows one.
std::optional<std::vector<std::string>> last_choices(const std::string& text)
{
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        lines.push_back(line);
    }
    std::optional<std::vector<std::string>> found;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (lines[i].rfind("A. ", 0) != 0) {
            continue;
        }
        std::vector<std::string> choices;
        for (std::size_t j = i; j < lines.size(); ++j) {
            const std::string prefix = std::string(1, static_cast<char>('A' + (j - i))) + ". ";
            if (lines[j].rfind(prefix, 0) != 0) {
                break;
            }
            choices.push_back(lines[j].substr(prefix.size()));
        }
        found = choices;
    }
    return found;
}

/// The pack question whose choices (in `lang`) are the ones on screen.
std::string identify(const std::vector<std::string>& shown, quiz::engine::language lang)
{
    std::multiset<std::string> on_screen(shown.begin(), shown.end());
    for (const auto& q : shipped_pack().questions) {
        std::multiset<std::string> texts;
        for (const auto& choice : q.text.get(lang)->choices) {
            texts.insert(choice.text);
        }
        if (texts == on_screen) {
            return q.key.value();
        }
    }
    FAIL("no question of the pack has these choices: " << shown.front());
    return {};
}

/// The letter of the correct (or of a wrong) choice of the question on screen, from the pack's answer key.
char letter_for(const shown_card& card, bool right, quiz::engine::language lang)
{
    const auto* q = shipped_pack().find(quiz::engine::question_key{card.question});
    REQUIRE(q != nullptr);
    const std::string& answer = q->text.get(lang)->choices[q->correct].text;
    for (std::size_t i = 0; i < card.choices.size(); ++i) {
        if ((card.choices[i] == answer) == right) {
            return static_cast<char>('A' + i);
        }
    }
    FAIL("no such choice on screen");
    return '?';
}

struct run_result {
    int code = 0;
    std::string out;
    std::string err;
    std::vector<shown_card> cards; ///< every card answered or quit on, in order
};

/// Runs `quizbot play` with `words`; `decide` gets each new card (its index in this run) and returns the reply.
run_result play(std::vector<std::string> words,
                const std::function<std::optional<std::string>(const shown_card&, std::size_t)>& decide,
                quiz::engine::language lang)
{
    run_result result;
    std::ostringstream out;
    std::ostringstream err;
    std::size_t read_up_to = 0;
    scripted_input script([&]() -> std::optional<std::string> {
        const std::string text = out.str();
        const auto choices = last_choices(text.substr(read_up_to));
        read_up_to = text.size();
        if (!choices) {
            return std::nullopt; // a prompt without a new card: the script has nothing more to say
        }
        result.cards.push_back({identify(*choices, lang), *choices});
        return decide(result.cards.back(), result.cards.size() - 1);
    });
    std::istream in(&script);
    words.insert(words.begin(), "play");
    std::vector<std::string_view> arguments(words.begin(), words.end());
    result.code = quiz::bot::cli::run(arguments, {in, out, err});
    result.out = out.str();
    result.err = err.str();
    return result;
}

std::vector<std::string> common_args(const fs::path& db, const std::string& now)
{
    return {"--db", db.string(), "--content", packs_dir.string(), "--learner", "ada", "--now", now};
}

std::size_t occurrences(const std::string& text, const std::string& what)
{
    std::size_t count = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) {
        ++count;
    }
    return count;
}

long long scalar(SQLite::Database& db, const std::string& sql)
{
    SQLite::Statement query(db, sql);
    REQUIRE(query.executeStep());
    return query.getColumn(0).getInt64();
}

} // namespace

TEST_CASE("play: missed questions come back first after a few days, and progress persists", "[play]")
{
    using quiz::engine::language;
    const quiz::test::temp_dir dir;
    const fs::path db = dir.path() / "data" / "quizbot.db";

    // First run: eight answers, wrong at the first sight of the 2nd, 4th and 5th distinct questions, then q.
    std::set<std::string> missed;
    std::set<std::string> seen;
    int correct = 0;
    auto first = play(
        [&] {
            auto words = common_args(db, "2026-03-02T09:00:00Z");
            words.insert(words.end(), {"--lang", "en"});
            return words;
        }(),
        [&](const shown_card& card, std::size_t index) -> std::optional<std::string> {
            if (index == 8) {
                return "q";
            }
            const bool new_one = seen.insert(card.question).second;
            const bool wrong = new_one && (seen.size() == 2 || seen.size() == 4 || seen.size() == 5);
            if (wrong) {
                missed.insert(card.question);
            } else {
                ++correct;
            }
            return std::string(1, letter_for(card, !wrong, language::en));
        },
        language::en);
    INFO(first.out << first.err);
    REQUIRE(first.code == 0);
    REQUIRE(first.cards.size() == 9);
    REQUIRE(missed.size() == 3);
    CHECK(occurrences(first.out, "Not quite.") == 3);
    CHECK(occurrences(first.out, "Right!") == static_cast<std::size_t>(correct));
    CHECK(first.out.find("The answer is ") != std::string::npos);
    CHECK(first.out.find("Review ") == std::string::npos); // nothing was due on the first day
    CHECK(first.out.find("New question 1 of 10") != std::string::npos);
    CHECK(first.out.find("Session over") != std::string::npos);
    CHECK(first.out.find(std::to_string(correct) + " right out of 8") != std::string::npos);
    CHECK(first.out.find("over 8 answers") != std::string::npos);
    CHECK(first.out.find("Streak: 1 day") != std::string::npos);
    CHECK(first.out.find("zero-sharded/guide.en.md") != std::string::npos);

    // Three days later, without --lang: the missed questions are asked first, as reviews.
    std::vector<std::string> resumed_order;
    auto second = play(
        common_args(db, "2026-03-05T09:00:00Z"),
        [&](const shown_card& card, std::size_t index) -> std::optional<std::string> {
            if (index == missed.size()) {
                return std::nullopt; // end of input
            }
            resumed_order.push_back(card.question);
            return std::string(1, letter_for(card, true, language::en));
        },
        language::en);
    INFO(second.out << second.err);
    REQUIRE(second.code == 0);
    CHECK(std::set<std::string>(resumed_order.begin(), resumed_order.end()) == missed);
    CHECK(second.out.find("Review 1 of") != std::string::npos);
    const auto total = 8 + static_cast<int>(missed.size());
    CHECK(second.out.find(std::to_string(missed.size()) + " right out of " + std::to_string(missed.size())) !=
          std::string::npos);
    CHECK(second.out.find("over " + std::to_string(total) + " answers") != std::string::npos);
    CHECK(second.out.find("Session over") != std::string::npos);

    SQLite::Database check(db.string());
    CHECK(scalar(check, "SELECT COUNT(*) FROM attempt a JOIN learner l ON l.id = a.learner_id "
                        "WHERE l.platform = 'local' AND l.external_id = 'ada'") == total);
    CHECK(scalar(check, "SELECT SUM(correct) FROM attempt") == correct + static_cast<long long>(missed.size()));
    CHECK(scalar(check, "SELECT COUNT(*) FROM attempt WHERE venue = 'terminal'") == total);
    CHECK(scalar(check, "SELECT locale = 'en' FROM learner WHERE external_id = 'ada'") == 1);
}

TEST_CASE("play: bad replies prompt again, a lowercase letter is an answer", "[play]")
{
    const quiz::test::temp_dir dir;
    const fs::path db = dir.path() / "quizbot.db";
    std::vector<std::string> words{"play", "--lang", "en"};
    for (const auto& word : common_args(db, "2026-03-02T09:00:00Z")) {
        words.push_back(word);
    }
    std::vector<std::string_view> arguments(words.begin(), words.end());
    std::istringstream in("Z\n\n  ?? \n7\nb\nq\n");
    std::ostringstream out;
    std::ostringstream err;
    const int code = quiz::bot::cli::run(arguments, {in, out, err});
    INFO(out.str() << err.str());
    REQUIRE(code == 0);
    CHECK(occurrences(out.str(), "There is no such choice.") == 3); // Z, ??, 7; the empty line just asks again
    CHECK(occurrences(out.str(), "Your answer (A to ") == 6);
    CHECK(occurrences(out.str(), "Right!") + occurrences(out.str(), "Not quite.") == 1);
    CHECK((out.str().find("1 right out of 1") != std::string::npos ||
           out.str().find("0 right out of 1") != std::string::npos));
    SQLite::Database check(db.string());
    CHECK(scalar(check, "SELECT COUNT(*) FROM attempt") == 1);
    CHECK(scalar(check, "SELECT displayed_as FROM attempt") == 1);
}

TEST_CASE("play: speaks French with --lang fr and remembers it, end of input ends with a summary", "[play]")
{
    using quiz::engine::language;
    const quiz::test::temp_dir dir;
    const fs::path db = dir.path() / "quizbot.db";
    auto words = common_args(db, "2026-03-02T09:00:00Z");
    words.insert(words.end(), {"--lang", "fr"});
    auto first = play(
        words,
        [&](const shown_card& card, std::size_t index) -> std::optional<std::string> {
            if (index == 2) {
                return std::nullopt;
            }
            return std::string(1, letter_for(card, index == 0, language::fr));
        },
        language::fr);
    INFO(first.out << first.err);
    REQUIRE(first.code == 0);
    CHECK(first.out.find("Nouvelle question 1 sur 10") != std::string::npos);
    CHECK(first.out.find("Votre réponse (A à ") != std::string::npos);
    CHECK(first.out.find("Bonne réponse\u00a0!") != std::string::npos);
    CHECK(first.out.find("Pas tout à fait.") != std::string::npos);
    CHECK(first.out.find("La bonne réponse est ") != std::string::npos);
    CHECK(first.out.find("zero-sharded/guide.fr.md") != std::string::npos);
    CHECK(first.out.find("Session terminée") != std::string::npos);
    CHECK(first.out.find("1 bonne réponse sur 2") != std::string::npos);

    // The next run, without --lang, is in French too.
    auto again = play(
        common_args(db, "2026-03-02T10:00:00Z"),
        [](const shown_card&, std::size_t) -> std::optional<std::string> { return std::nullopt; }, language::fr);
    INFO(again.out);
    CHECK(again.code == 0);
    CHECK(again.cards.size() == 1);
    CHECK(again.out.find("Session terminée") != std::string::npos);
    CHECK(again.out.find("Taux de réussite") != std::string::npos);
}

TEST_CASE("play: guide links use QUIZBOT_PUBLIC_URL when it is set", "[play]")
{
    using quiz::engine::language;
    const quiz::test::temp_dir dir;
    ::setenv("QUIZBOT_PUBLIC_URL", "https://quiz.example/", 1);
    std::string section;
    auto words = common_args(dir.path() / "quizbot.db", "2026-03-02T09:00:00Z");
    words.insert(words.end(), {"--lang", "en"});
    auto result = play(
        words,
        [&](const shown_card& card, std::size_t index) -> std::optional<std::string> {
            if (index == 1) {
                return "q";
            }
            section = shipped_pack().find(quiz::engine::question_key{card.question})->section.value();
            return std::string(1, letter_for(card, true, language::en));
        },
        language::en);
    ::unsetenv("QUIZBOT_PUBLIC_URL");
    INFO(result.out);
    REQUIRE(result.code == 0);
    CHECK(result.out.find("https://quiz.example/guide/zero-sharded/" + section + "\n") != std::string::npos);
}

TEST_CASE("play: bad arguments exit 2 with the reason", "[play]")
{
    const quiz::test::temp_dir dir;
    const std::string db = (dir.path() / "quizbot.db").string();
    for (const std::vector<std::string>& words : {std::vector<std::string>{"play", "--db", db, "--lang", "de"},
                                                  std::vector<std::string>{"play", "--db", db, "--now", "yesterday"},
                                                  std::vector<std::string>{"play", "--db", db, "extra"}}) {
        std::vector<std::string_view> arguments(words.begin(), words.end());
        std::istringstream in;
        std::ostringstream out;
        std::ostringstream err;
        CHECK(quiz::bot::cli::run(arguments, {in, out, err}) == 2);
        CHECK(err.str().find("error: ") == 0);
    }
    CHECK_FALSE(fs::exists(db));
}

TEST_CASE("play: an unknown pack is an error naming it", "[play]")
{
    const quiz::test::temp_dir dir;
    std::vector<std::string> words{
        "play",   "--db",        (dir.path() / "quizbot.db").string(), "--content", packs_dir.string(),
        "--pack", "no-such-pack"};
    std::vector<std::string_view> arguments(words.begin(), words.end());
    std::istringstream in;
    std::ostringstream out;
    std::ostringstream err;
    CHECK(quiz::bot::cli::run(arguments, {in, out, err}) == 1);
    CHECK(err.str().find("no valid pack 'no-such-pack'") != std::string::npos);
}

TEST_CASE("play: the shared action sequence shows the same screens, as terminal text", "[play]")
{
    // A terminal asks one question at a time and reads one answer per card: it cannot deliver an answer twice, so
    // the replay step has nothing to send here (the engine's and the other front ends' tests cover it).
    using quiz::test::seen;
    const quiz::test::temp_dir dir;
    const fs::path db = dir.path() / "quizbot.db";
    std::ostringstream out;
    std::ostringstream err;
    std::size_t read_up_to = 0;
    std::vector<std::string> said; // what the terminal printed before each line the script typed
    std::vector<std::string> typed;
    const std::vector<std::string> script_after_answer{"stats", "forget-me", "n", "forget-me", "y"};
    scripted_input script([&]() -> std::optional<std::string> {
        const std::string text = out.str();
        said.push_back(text.substr(read_up_to));
        read_up_to = text.size();
        if (typed.empty()) {
            const auto choices = last_choices(said.back());
            REQUIRE(choices);
            const shown_card card{identify(*choices, quiz::engine::language::en), *choices};
            typed.emplace_back(1, letter_for(card, false, quiz::engine::language::en));
            return typed.back();
        }
        if (typed.size() > script_after_answer.size()) {
            return std::nullopt;
        }
        typed.push_back(script_after_answer[typed.size() - 1]);
        return typed.back();
    });
    std::istream in(&script);
    auto words = common_args(db, "2026-03-02T09:00:00Z");
    words.insert(words.begin(), "play");
    words.insert(words.end(), {"--lang", "en"});
    const std::vector<std::string_view> arguments(words.begin(), words.end());
    const int code = quiz::bot::cli::run(arguments, {in, out, err});
    CHECK(code == 0);
    said.push_back(out.str().substr(read_up_to));
    REQUIRE(said.size() == 7);

    const auto attempts = [&db] {
        SQLite::Database database(db.string(), SQLite::OPEN_READONLY);
        return scalar(database, "SELECT count(*) FROM attempt");
    };
    std::vector<seen> shown;
    // said[0]: the first card; said[1]: the feedback and the second card; then stats, the question, the refusal, the
    // question again, the erasure.
    shown.push_back(last_choices(said[0]) ? seen::card : seen::other);
    const auto feedback_end = said[1].find("New question 2 of");
    shown.push_back(said[1].find("Not quite.") < feedback_end && said[1].find("The answer is ") < feedback_end
                        ? seen::wrong_feedback
                        : seen::other);
    shown.push_back(feedback_end != std::string::npos && last_choices(said[1]) ? seen::next_card : seen::other);
    shown.push_back(said[2].find("over 1 answer") != std::string::npos ? seen::stats : seen::other);
    shown.push_back(said[3].find("It cannot be undone.") != std::string::npos ? seen::confirm : seen::other);
    shown.push_back(said[4].find("Nothing was erased.") != std::string::npos ? seen::nothing_erased : seen::other);
    shown.push_back(said[5].find("It cannot be undone.") != std::string::npos ? seen::confirm : seen::other);
    shown.push_back(said[6].find("everything quizbot kept about you is erased") != std::string::npos && attempts() == 0
                        ? seen::erased
                        : seen::other);
    auto expected = quiz::test::expected_screens; // all but the replay, which a terminal cannot send
    expected.erase(std::find(expected.begin(), expected.end(), seen::same_feedback));
    CHECK(shown == expected);
}
