// SPDX-License-Identifier: MIT
// `quizbot play` end to end, in process: a scripted learner reads each card, decides from the pack which letter is
// right, answers, goes on after the feedback, quits, and comes back days later on the same SQLite database.
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
#include <utility>
#include <vector>

namespace cli_play_test {

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

/// Runs `quizbot play` with `words`; `decide` gets each new card (its index in this run) and returns the reply. After
/// each reply's feedback the script presses Enter for the next card.
run_result play(std::vector<std::string> words,
                const std::function<std::optional<std::string>(const shown_card&, std::size_t)>& decide,
                quiz::engine::language lang)
{
    run_result result;
    std::ostringstream out;
    std::ostringstream err;
    std::size_t read_up_to = 0;
    bool at_feedback = false;
    scripted_input script([&]() -> std::optional<std::string> {
        const std::string text = out.str();
        const auto choices = last_choices(text.substr(read_up_to));
        read_up_to = text.size();
        if (!choices) {
            // The prompt after the feedback: Enter, once; any other prompt without a new card ends the input.
            return std::exchange(at_feedback, false) ? std::optional<std::string>("") : std::nullopt;
        }
        result.cards.push_back({identify(*choices, lang), *choices});
        auto reply = decide(result.cards.back(), result.cards.size() - 1);
        at_feedback = reply.has_value();
        return reply;
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

/// `quizbot play --lang en` as ada on `db` at 2026-03-02 09:00, reading `in`: its exit code.
int play_in_english(const fs::path& db, std::istream& in, std::ostream& out, std::ostream& err)
{
    auto words = common_args(db, "2026-03-02T09:00:00Z");
    words.insert(words.begin(), "play");
    words.insert(words.end(), {"--lang", "en"});
    const std::vector<std::string_view> arguments(words.begin(), words.end());
    return quiz::bot::cli::run(arguments, {in, out, err});
}

std::size_t occurrences(const std::string& text, const std::string& what)
{
    std::size_t count = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) {
        ++count;
    }
    return count;
}

/// The prompt after a feedback, in English.
const std::string next_prompt = "Enter or n: next question; A to ";
/// What the terminal says before the feedback when an answer is given again.
const std::string replay_note =
    "You already answered this question: here is that answer's feedback again; nothing new was recorded.";

/// The wrong answer's feedback in `text`: from its judgement to the prompt after it ("" when there is none).
std::string feedback_in(const std::string& text)
{
    const auto from = text.find("Not quite.");
    const auto to = text.find(next_prompt, from == std::string::npos ? 0 : from);
    if (from == std::string::npos || to == std::string::npos) {
        return {};
    }
    return text.substr(from, to - from);
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
    CHECK(occurrences(first.out, next_prompt) == 8); // after each feedback

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

TEST_CASE("play: bad replies prompt again, a lowercase letter is an answer, q after the feedback quits", "[play]")
{
    const quiz::test::temp_dir dir;
    const fs::path db = dir.path() / "quizbot.db";
    std::vector<std::string> words{"play", "--lang", "en"};
    for (const auto& word : common_args(db, "2026-03-02T09:00:00Z")) {
        words.push_back(word);
    }
    std::vector<std::string_view> arguments(words.begin(), words.end());
    std::istringstream in("Z\n\n  ?? \n7\nb\nZ\nq\n");
    std::ostringstream out;
    std::ostringstream err;
    const int code = quiz::bot::cli::run(arguments, {in, out, err});
    INFO(out.str() << err.str());
    REQUIRE(code == 0);
    CHECK(occurrences(out.str(), "There is no such choice.") == 4); // Z, ??, 7, Z; the empty line just asks again
    CHECK(occurrences(out.str(), "Answer with a letter.") == 3);    // at the card, not after its feedback
    CHECK(occurrences(out.str(), "Your answer (A to ") == 5);
    CHECK(occurrences(out.str(), next_prompt) == 2);
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
    CHECK(first.out.find("Entrée ou n\u00a0: question suivante\u00a0; A à ") != std::string::npos);
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
    // The web guide's page in the learner's language, as every front end links it.
    CHECK(result.out.find("https://quiz.example/guide/zero-sharded/" + section + "?lang=en\n") != std::string::npos);
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

TEST_CASE("play: after the feedback another letter shows the recorded answer, stats keeps the prompt", "[play]")
{
    using quiz::engine::language;
    const quiz::test::temp_dir dir;
    const fs::path db = dir.path() / "quizbot.db";
    std::ostringstream out;
    std::ostringstream err;
    std::size_t read_up_to = 0;
    std::vector<std::string> said; // what the terminal printed before each line the script typed
    std::optional<shown_card> first;
    char wrong = '?';
    scripted_input script([&]() -> std::optional<std::string> {
        const std::string text = out.str();
        said.push_back(text.substr(read_up_to));
        read_up_to = text.size();
        if (!first) {
            const auto choices = last_choices(said.back());
            REQUIRE(choices);
            first = shown_card{identify(*choices, language::en), *choices};
            wrong = letter_for(*first, false, language::en);
            return std::string(1, wrong);
        }
        // A change of mind after the feedback, then stats, the next card, and quit.
        const std::vector<std::string> rest{std::string(1, letter_for(*first, true, language::en)), "stats", "next",
                                            "q"};
        if (said.size() - 2 >= rest.size()) {
            return std::nullopt;
        }
        return rest[said.size() - 2];
    });
    std::istream in(&script);
    const int code = play_in_english(db, in, out, err);
    INFO(out.str() << err.str());
    REQUIRE(code == 0);
    said.push_back(out.str().substr(read_up_to));
    REQUIRE(said.size() == 6);
    const std::string chose = "You chose " + std::string(1, wrong);
    CHECK(said[1].find(chose) != std::string::npos);
    // The recorded answer, not the letter typed the second time.
    CHECK(said[2].find(replay_note) != std::string::npos);
    CHECK(said[2].find(chose) != std::string::npos);
    CHECK(said[2].find("Right!") == std::string::npos);
    CHECK(feedback_in(said[2]) == feedback_in(said[1]));
    // Stats after the feedback, and the same prompt again: no card in between.
    CHECK(said[3].find("over 1 answer") != std::string::npos);
    CHECK(said[3].find(next_prompt) != std::string::npos);
    CHECK_FALSE(last_choices(said[3]));
    CHECK(said[4].find("New question 2 of") != std::string::npos);
    CHECK(said[5].find("0 right out of 1") != std::string::npos);
    SQLite::Database check(db.string());
    CHECK(scalar(check, "SELECT COUNT(*) FROM attempt") == 1);
    CHECK(scalar(check, "SELECT SUM(correct) FROM attempt") == 0);
}

TEST_CASE("play: the shared action sequence shows the same screens, as terminal text", "[play]")
{
    // The replay is the letter typed again after its feedback: the same card and sequence, so the same answer.
    using quiz::test::seen;
    const quiz::test::temp_dir dir;
    const fs::path db = dir.path() / "quizbot.db";
    const auto attempts = [&db] {
        SQLite::Database database(db.string(), SQLite::OPEN_READONLY);
        return scalar(database, "SELECT count(*) FROM attempt");
    };
    std::ostringstream out;
    std::ostringstream err;
    std::size_t read_up_to = 0;
    std::vector<std::string> said;          // what the terminal printed before each line the script typed
    std::vector<long long> attempts_before; // the answers in the database when each line was asked for
    std::vector<std::string> typed;
    scripted_input script([&]() -> std::optional<std::string> {
        const std::string text = out.str();
        said.push_back(text.substr(read_up_to));
        read_up_to = text.size();
        attempts_before.push_back(attempts());
        if (typed.empty()) {
            const auto choices = last_choices(said.back());
            REQUIRE(choices);
            const shown_card card{identify(*choices, quiz::engine::language::en), *choices};
            typed.emplace_back(1, letter_for(card, false, quiz::engine::language::en));
            return typed.back();
        }
        const std::vector<std::string> rest{typed.front(), "", "stats", "stats", "forget-me", "n", "forget-me", "y"};
        if (typed.size() > rest.size()) {
            return std::nullopt;
        }
        typed.push_back(rest[typed.size() - 1]);
        if (typed.size() == 4) {
            quiz::test::refuse_reminders(db.string()); // before the first stats
        }
        return typed.back();
    });
    std::istream in(&script);
    const int code = play_in_english(db, in, out, err);
    INFO(out.str() << err.str());
    CHECK(code == 0);
    said.push_back(out.str().substr(read_up_to));
    REQUIRE(said.size() == 10);

    // said[0]: the first card; [1]: the feedback; [2]: the same feedback, said to be the recorded one; [3]: the second
    // card; then stats twice, the question, the refusal, the question again, the erasure.
    const auto first_feedback = feedback_in(said[1]);
    const auto replayed_feedback = feedback_in(said[2]);
    CHECK(replayed_feedback == first_feedback);
    CHECK(attempts_before[1] == 1);
    CHECK(attempts_before[2] == 1); // the replay recorded nothing
    std::vector<seen> shown;
    shown.push_back(last_choices(said[0]) ? seen::card : seen::other);
    shown.push_back(first_feedback.find("The answer is ") != std::string::npos &&
                            said[1].find(replay_note) == std::string::npos && attempts_before[1] == 1
                        ? seen::wrong_feedback
                        : seen::other);
    shown.push_back(!replayed_feedback.empty() && replayed_feedback == first_feedback &&
                            said[2].find(replay_note) < said[2].find("Not quite.") && attempts_before[2] == 1
                        ? seen::same_feedback
                        : seen::other);
    shown.push_back(said[3].find("New question 2 of") != std::string::npos && last_choices(said[3]) ? seen::next_card
                                                                                                    : seen::other);
    for (const auto& stats : {said[4], said[5]}) {
        if (stats.find(quiz::test::heads_up_text) != std::string::npos) {
            CHECK(stats.find(quiz::test::heads_up_text) < stats.find("over 1 answer")); // said first
            shown.push_back(seen::heads_up);
        }
        shown.push_back(stats.find("over 1 answer") != std::string::npos ? seen::stats : seen::other);
    }
    shown.push_back(said[6].find("It cannot be undone.") != std::string::npos ? seen::confirm : seen::other);
    shown.push_back(said[7].find("Nothing was erased.") != std::string::npos ? seen::nothing_erased : seen::other);
    shown.push_back(said[8].find("It cannot be undone.") != std::string::npos ? seen::confirm : seen::other);
    shown.push_back(said[9].find("everything quizbot kept about you is erased") != std::string::npos && attempts() == 0
                        ? seen::erased
                        : seen::other);
    CHECK(shown == quiz::test::expected_screens);
}

} // namespace cli_play_test
