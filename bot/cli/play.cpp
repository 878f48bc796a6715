// SPDX-License-Identifier: MIT
// `quizbot play`: a tutoring session in the terminal, on the real tutor and the SQLite database.
#include "bot/assembly/core.hpp"
#include "bot/cli/args.hpp"
#include "bot/cli/commands.hpp"
#include "bot/cli/content_dir.hpp"
#include "bot/cli/database_path.hpp"
#include "bot/cli/option_values.hpp"
#include "bot/logging.hpp"
#include "bot/tutoring/guide_link.hpp"
#include "bot/tutoring/service.hpp"
#include "engine/text/catalog.hpp"
#include "engine/text/text_render.hpp"
#include "engine/tutor/choice_order.hpp"

#include <spdlog/logger.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <istream>
#include <ostream>
#include <string>

namespace quiz::bot::cli {

namespace {

namespace fs = std::filesystem;
using engine::format_message;
using engine::language;
using engine::message;
using engine::message_arg;

inline constexpr const char* default_pack = "zero-sharded";

std::string env_or(const char* name, std::string fallback)
{
    if (const char* value = std::getenv(name); value != nullptr && *value != '\0') {
        return value;
    }
    return fallback;
}

/// The language the terminal speaks: LC_ALL overrides LANG (POSIX); "fr_FR.UTF-8" and the like mean French.
language locale_language()
{
    for (const char* name : {"LC_ALL", "LANG"}) {
        if (const char* value = std::getenv(name); value != nullptr && *value != '\0') {
            return engine::language_of_locale(value);
        }
    }
    return language::en;
}

struct play_options {
    std::string pack;
    std::string learner;
    std::optional<language> lang; ///< given with --lang: the learner's choice, remembered
    std::string db;
    fs::path content;
    std::optional<engine::instant> fixed_now; ///< --now: every action happens at this instant
};

play_options parse_play_options(const std::vector<std::string_view>& words)
{
    const args parsed = args::parse(words, {"pack", "learner", "lang", "db", "now", "content"});
    if (!parsed.positionals().empty()) {
        throw usage_error("unexpected argument '" + parsed.positionals().front() + "'");
    }
    play_options options;
    options.pack = parsed.value_or("pack", default_pack);
    options.learner = parsed.value_or("learner", env_or("USER", "local"));
    options.db = database_path(parsed);
    options.content = content_dir(parsed);
    if (options.pack.empty() || options.learner.empty() || options.content.empty()) {
        throw usage_error("--pack, --learner and --content need a value");
    }
    if (const auto lang = parsed.value("lang")) {
        if (*lang != "fr" && *lang != "en") {
            throw usage_error("--lang must be fr or en, not '" + *lang + "'");
        }
        options.lang = *lang == "fr" ? language::fr : language::en;
    }
    options.fixed_now = instant_option(parsed, "now");
    return options;
}

/// The folder of the pack itself: `content` may be a folder of packs or the pack's own folder.
fs::path pack_folder(const play_options& options)
{
    const fs::path nested = options.content / options.pack;
    return fs::is_directory(nested) ? nested : options.content;
}

/// Where to read a guide section: the web guide when QUIZBOT_PUBLIC_URL is set, else the guide file.
std::string guide_link(const play_options& options, const engine::pack& content, const tutoring::guide_section& guide)
{
    std::string base = env_or("QUIZBOT_PUBLIC_URL", "");
    if (!base.empty()) {
        while (!base.empty() && base.back() == '/') {
            base.pop_back();
        }
        return tutoring::guide_url({base}, guide);
    }
    const language lang = guide.lang;
    const bool has_lang = std::find(content.languages.begin(), content.languages.end(), lang) !=
                          content.languages.end();
    const language file_lang = has_lang || content.languages.empty() ? lang : content.languages.front();
    return (pack_folder(options) / ("guide." + std::string(engine::code(file_lang)) + ".md")).string();
}

/// The screen's heads-up, said before anything else the action shows.
void say_heads_up(std::ostream& out, const tutoring::screen& shown)
{
    if (!shown.heads_up.empty()) {
        out << '\n' << shown.heads_up << '\n';
    }
}

std::string_view trim(std::string_view text)
{
    const auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!text.empty() && is_space(text.front())) {
        text.remove_prefix(1);
    }
    while (!text.empty() && is_space(text.back())) {
        text.remove_suffix(1);
    }
    return text;
}

/// What the person typed at a prompt.
struct typed {
    enum class kind { choice, next, quit, stats, forget } what = kind::quit;
    std::uint32_t position = 0; ///< for a choice
};

/// Where the terminal waits: at a card, a letter answers it; after its feedback, Enter or n goes on and a letter is
/// the same answer delivered again.
enum class prompt { card, feedback };

/// After the feedback: Enter (an empty line), n or next goes on to the next card.
bool is_next(std::string_view reply) { return reply.empty() || reply == "n" || reply == "N" || reply == "next"; }

/// Reads lines until one is a choice of the card (its display position), `stats`, `forget-me`, q (or the end of
/// input) to quit, or, after the feedback, Enter or n for the next card.
typed read_reply(io streams, const engine::question_card& card, prompt at)
{
    const std::string last(1, engine::choice_letter(card.choices.size() - 1));
    const message asking = at == prompt::card ? message::card_terminal_prompt : message::feedback_terminal_prompt;
    while (true) {
        streams.out << format_message(asking, card.lang, {message_arg::str("last", last)}) << ' ' << std::flush;
        std::string line;
        if (!std::getline(streams.in, line)) {
            streams.out << '\n';
            return {};
        }
        const std::string_view reply = trim(line);
        if (reply == "q" || reply == "Q" || reply == "quit") {
            return {};
        }
        if (reply == "stats") {
            return {typed::kind::stats};
        }
        if (reply == "forget-me") {
            return {typed::kind::forget};
        }
        if (at == prompt::feedback && is_next(reply)) {
            return {typed::kind::next};
        }
        if (reply.empty()) {
            continue;
        }
        if (const auto choice = engine::parse_choice(reply); choice && *choice < card.choices.size()) {
            return {typed::kind::choice, *choice};
        }
        streams.out << format_message(message::answer_invalid_choice, card.lang, {});
        if (at == prompt::card) {
            streams.out << ' ' << format_message(message::card_how_to_answer, card.lang, {});
        }
        streams.out << '\n';
    }
}

/// Asks a yes-or-no question; only y or yes (either case) is a yes.
bool confirmed(io streams, const tutoring::confirm_screen& question)
{
    streams.out << question.question << "\n" << question.yes << "? [y/N] " << std::flush;
    std::string line;
    if (!std::getline(streams.in, line)) {
        streams.out << '\n';
        return false;
    }
    const auto answer = trim(line);
    return answer == "y" || answer == "Y" || answer == "yes" || answer == "YES";
}

/// The core's clock: --now when given, else the system's.
class clock_source {
public:
    explicit clock_source(assembly::clock_fn clock) : clock_(std::move(clock)) {}
    [[nodiscard]] engine::instant now() const { return clock_(); }

private:
    assembly::clock_fn clock_;
};

/// The person at this terminal, in the local workspace. Their language: the one given with --lang (a choice, kept),
/// else the one remembered, else the terminal's locale.
tutoring::actor local_actor(const play_options& options)
{
    tutoring::actor who;
    who.identity = {"local", options.learner};
    who.display_name = options.learner;
    who.platform_lang = locale_language();
    who.workspace = engine::platform_identity{"local", ""};
    who.workspace_name = "this machine";
    return who;
}

/// What a session at the terminal works with.
struct terminal {
    const play_options& options;
    io streams;
    tutoring::service& desk;
    const tutoring::actor& who;
    const engine::pack& content;
    const clock_source& clock;
};

enum class session_end { summary, erased, failed };

/// Runs the action and says its heads-up, if it has one.
tutoring::screen act(const terminal& t, tutoring::action what)
{
    auto shown = t.desk.run({t.who, std::move(what), std::nullopt});
    say_heads_up(t.streams.out, shown);
    return shown;
}

void show_stats(const terminal& t)
{
    const auto progress = act(t, tutoring::stats{t.content.key.value()});
    if (const auto* stats = std::get_if<tutoring::stats_screen>(&progress.body)) {
        t.streams.out << '\n' << engine::joined_lines(stats->lines);
    }
}

/// Asks, then erases the learner once they confirm; true when they are erased.
bool forget_me(const terminal& t)
{
    const auto asked = act(t, tutoring::forget{tutoring::forget::step::ask});
    const auto* question = std::get_if<tutoring::confirm_screen>(&asked.body);
    const auto step = question != nullptr && confirmed(t.streams, *question) ? tutoring::forget::step::confirm
                                                                             : tutoring::forget::step::cancel;
    const auto done = act(t, tutoring::forget{step});
    if (const auto* n = std::get_if<tutoring::notice_screen>(&done.body)) {
        t.streams.out << n->text << '\n';
    }
    return done.learner_erased;
}

/// q, stats and forget-me, the same at either prompt: how the session ended, or nullopt to stay at the prompt.
std::optional<session_end> run_command(const terminal& t, typed::kind what, engine::session_id session,
                                       tutoring::screen& shown)
{
    switch (what) {
    case typed::kind::quit:
        shown = act(t, tutoring::stop{session});
        return session_end::summary;
    case typed::kind::stats:
        show_stats(t);
        return std::nullopt;
    case typed::kind::forget:
        if (forget_me(t)) {
            return session_end::erased; // nothing left to show
        }
        return std::nullopt;
    case typed::kind::choice:
    case typed::kind::next:
        break;
    }
    return std::nullopt;
}

/// Says why the session cannot go on: a screen other than the one the action should show.
session_end failed(const terminal& t, const tutoring::screen& shown, std::string_view what)
{
    const auto* n = std::get_if<tutoring::notice_screen>(&shown.body);
    t.streams.err << "error: " << what << (n != nullptr ? ": " + n->text : std::string{}) << '\n';
    return session_end::failed;
}

/// Answers the card on screen and prints the feedback. After the feedback the card and sequence are the same, so
/// the answer is the same action again: the service shows the recorded feedback and records nothing.
std::optional<session_end> answer_card(const terminal& t, const tutoring::card_screen& on_screen,
                                       std::uint32_t position)
{
    const auto answered = act(t, tutoring::answer{on_screen.session, on_screen.card.sequence, position, false});
    const auto* told = std::get_if<tutoring::feedback_screen>(&answered.body);
    if (told == nullptr) {
        return failed(t, answered, "the answer was not recorded");
    }
    const auto guide_line = told->guide.line + " \u2014 " + guide_link(t.options, t.content, told->guide);
    t.streams.out << '\n';
    if (told->replayed) {
        t.streams.out << format_message(message::feedback_replayed, answered.lang, {}) << '\n';
    }
    t.streams.out << engine::render_feedback(told->told, told->said, guide_line) << '\n';
    return std::nullopt;
}

/// The prompt after a card's feedback, until the learner goes on (`shown` then holds the next card or the summary)
/// or the session ends.
std::optional<session_end> after_feedback(const terminal& t, const tutoring::card_screen& answered,
                                          tutoring::screen& shown)
{
    while (true) {
        const auto reply = read_reply(t.streams, answered.card, prompt::feedback);
        if (reply.what == typed::kind::next) {
            // Asked for only now, so the next card's response time starts when it is shown.
            shown = act(t, tutoring::next{answered.session});
            if (std::holds_alternative<tutoring::notice_screen>(shown.body)) {
                return failed(t, shown, "no next question");
            }
            return std::nullopt;
        }
        if (reply.what == typed::kind::choice) {
            if (auto end = answer_card(t, answered, reply.position)) {
                return end;
            }
            continue;
        }
        if (auto end = run_command(t, reply.what, answered.session, shown)) {
            return end;
        }
    }
}

/// Cards, answers and the prompts' commands until the session ends; `shown` is left on the last screen.
session_end run_session(const terminal& t, tutoring::screen& shown)
{
    say_heads_up(t.streams.out, shown); // the first screen's: the others say theirs as they come (act)
    while (const auto* card = std::get_if<tutoring::card_screen>(&shown.body)) {
        const tutoring::card_screen on_screen = *card;
        t.streams.out << '\n' << engine::render_card(on_screen.card, t.clock.now(), on_screen.guide.line) << '\n';
        const auto reply = read_reply(t.streams, on_screen.card, prompt::card);
        if (reply.what == typed::kind::choice) {
            if (auto end = answer_card(t, on_screen, reply.position)) {
                return *end;
            }
            if (auto end = after_feedback(t, on_screen, shown)) {
                return *end;
            }
            continue;
        }
        if (auto end = run_command(t, reply.what, on_screen.session, shown)) {
            return *end;
        }
        // stats, or forget-me cancelled: the same card again
    }
    return session_end::summary;
}

int play(const play_options& options, io streams)
{
    auto found = load_pack_named(options.content, options.pack, streams.err);
    if (!found) {
        return exit_failure;
    }
    assembly::packs packs;
    const engine::pack& content = packs.add(std::move(*found)).content();

    const auto log = make_stderr_logger(log_format::plain);
    log->set_level(spdlog::level::warn);
    // Each action is one unit of the writer, as in `quizbot serve`: committed (synchronous=FULL) before its screen.
    // The learner's memory model is refitted on a connection and thread of its own while they read the feedback.
    assembly::core_options core_options;
    core_options.clock = assembly::clock_at(options.fixed_now);
    // The seed only shuffles choices; the instant varies it from one session to the next.
    core_options.seeds = assembly::seeds_from(core_options.clock);
    core_options.refit.emplace();
    assembly::core core(assembly::open_storage({options.db}), std::move(packs), core_options, *log);
    tutoring::service& desk = core.start_tutoring({});
    const clock_source clock(core.clock());

    const auto who = local_actor(options);
    if (options.lang) {
        say_heads_up(streams.out, desk.run({who, tutoring::choose_language{*options.lang}, std::nullopt}));
    }
    tutoring::start start;
    start.pack = content.key.value();
    start.where = engine::venue::terminal;
    auto shown = desk.run({who, start, std::nullopt});
    const language lang = shown.lang;
    const std::string title = tutoring::pack_shelf::title(content, lang);
    streams.out << title << '\n';

    const auto end = run_session({options, streams, desk, who, content, clock}, shown);
    core.refitter()->wait_idle(); // a fit under way finishes before the process ends
    if (end != session_end::summary) {
        return end == session_end::erased ? exit_ok : exit_failure;
    }
    if (const auto* summary = std::get_if<tutoring::summary_screen>(&shown.body)) {
        streams.out << '\n' << engine::joined_lines(summary->lines);
    }
    const auto stats = desk.run({who, tutoring::stats{content.key.value()}, std::nullopt});
    if (const auto* progress = std::get_if<tutoring::stats_screen>(&stats.body)) {
        streams.out << '\n' << engine::joined_lines(progress->lines);
    }
    return exit_ok; // the core finishes the writer's queue while the stores it runs on are alive
}

int run_play(const std::vector<std::string_view>& words, io streams)
{
    const play_options options = parse_play_options(words);
    try {
        return play(options, streams);
    } catch (const assembly::database_unavailable& e) {
        streams.err << "error: " << e.what() << '\n';
        return exit_failure;
    }
}

} // namespace

const command play_command{
    {"play"},
    "[--pack KEY] [--learner NAME] [--lang fr|en] [--db PATH] [--now TIME] [--content DIR]",
    "a tutoring session in the terminal: answer by letter, Enter or n for the next card; stats; forget-me; q or end of "
    "input to stop",
    run_play,
    "Defaults: --pack zero-sharded; --learner $USER (else 'local'); --lang: the language once chosen with --lang\n"
    "(remembered), else fr if LC_ALL/LANG starts with fr, else en; --db $QUIZBOT_DB or ./data/quizbot.db;\n"
    "--content $QUIZBOT_CONTENT or ./content/packs; --now (ISO-8601, e.g. 2026-03-01T09:00:00Z) the clock.\n"
    "Guide links use $QUIZBOT_PUBLIC_URL when set, else the guide file's path.\n"
    "Each answer is committed to the database before its feedback is shown; run again to resume.\n"
    "After the feedback, a letter is the same answer again: the recorded feedback is shown, nothing recorded twice.\n",
};

} // namespace quiz::bot::cli
