// SPDX-License-Identifier: MIT
// `quizbot report demo-class`: a class of simulated learners studying a real pack through the real tutoring layer,
// so that the reports can be tried (and tested) on data written exactly as the server writes it.
#include "bot/assembly/core.hpp"
#include "bot/cli/args.hpp"
#include "bot/cli/commands.hpp"
#include "bot/cli/content_dir.hpp"
#include "bot/cli/database_path.hpp"
#include "bot/cli/option_values.hpp"
#include "bot/logging.hpp"
#include "bot/tutoring/service.hpp"
#include "engine/sim/sim_world.hpp"

#include <spdlog/logger.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <ostream>
#include <string>

namespace quiz::bot::cli {

namespace {

using namespace std::chrono_literals;

constexpr std::uint64_t demo_stream = 0xC1A55; // draws of this command, apart from the world's own
constexpr std::chrono::milliseconds default_start{1'772'438'400'000}; // 2026-03-02T08:00:00Z, a Monday

struct demo_options {
    int learners = 200;
    std::uint64_t seed = 1;
    int days = 14;
    std::string pack = "zero-sharded";
    std::string db;
    std::filesystem::path content;
    engine::instant start;
};

demo_options parse_demo_options(const std::vector<std::string_view>& words)
{
    const args parsed = args::parse(words, {"learners", "seed", "days", "pack", "db", "content", "start"});
    if (!parsed.positionals().empty()) {
        throw usage_error("unexpected argument '" + parsed.positionals().front() + "'");
    }
    demo_options options;
    options.learners = number_option(parsed, "learners", 200, 1, 5000);
    options.seed = number_option<std::uint64_t>(parsed, "seed", 1, 0, UINT64_MAX);
    options.days = number_option(parsed, "days", 14, 1, 365);
    options.pack = parsed.value_or("pack", options.pack);
    options.db = database_path(parsed);
    options.content = content_dir(parsed);
    options.start = instant_option(parsed, "start").value_or(engine::instant{default_start});
    return options;
}

/// The pack as the simulation's ground truth: each question's true difficulty around the instructor's 1 to 5.
engine::sim::course course_of(const engine::pack& content, std::uint64_t seed)
{
    engine::sim::course c{engine::pack_index(content), {}, {}};
    for (std::uint32_t q = 0; q < c.index.question_count(); ++q) {
        const double noise = engine::sim::draw(seed, demo_stream, q, 1) - 0.5;
        c.hardness.push_back(0.5 * (c.index.at(q).difficulty - 3) + 1.2 * noise);
        c.words.push_back(static_cast<int>(c.index.word_count(q, engine::language::en)));
    }
    return c;
}

/// The display position of pack choice `chosen` on the card (the tutor shuffles choices per session).
std::uint32_t position_of(const engine::question& item, const engine::question_card& card, std::uint32_t chosen)
{
    const engine::question_text* text = item.text.best(card.lang);
    for (std::uint32_t i = 0; text != nullptr && chosen < text->choices.size() && i < card.choices.size(); ++i) {
        if (card.choices[i] == text->choices[chosen].text) {
            return i;
        }
    }
    return 0;
}

tutoring::actor demo_learner(const demo_options& options, int l)
{
    char number[16];
    std::snprintf(number, sizeof number, "%03d", l + 1);
    tutoring::actor who;
    who.identity = {"demo", "learner-" + std::string(number)};
    who.display_name = "Learner " + std::string(number);
    who.platform_lang = engine::language::en;
    who.workspace = engine::platform_identity{"demo", "class-" + std::to_string(options.seed)};
    who.workspace_name = "Demo class";
    return who;
}

struct class_counts {
    int sessions = 0;
    int answers = 0;
};

/// One study session: a few cards answered as the simulated learner would, then stop.
void study(tutoring::service& desk, engine::sim::world& world, const engine::pack_index& index,
           const tutoring::actor& who, int l, int cards, engine::instant& now, class_counts& counts)
{
    tutoring::start start;
    start.where = engine::venue::dm;
    auto shown = desk.run({who, start, std::nullopt});
    counts.sessions += 1;
    for (int answered = 0; answered < cards; ++answered) {
        const auto* card = std::get_if<tutoring::card_screen>(&shown.body);
        if (card == nullptr) {
            return; // a summary: nothing left to ask today
        }
        const auto q = index.find(card->card.question);
        if (!q) {
            return;
        }
        const auto result = world.answer(l, *q, now);
        now += std::chrono::milliseconds(static_cast<std::int64_t>(result.seconds * 1000.0));
        const tutoring::answer a{card->session, card->card.sequence,
                                 position_of(index.at(*q), card->card, result.chosen), true};
        const auto feedback = desk.run({who, a, std::nullopt});
        counts.answers += 1;
        const auto* told = std::get_if<tutoring::feedback_screen>(&feedback.body);
        if (told == nullptr || !told->next) {
            return;
        }
        now += 5s; // reading the feedback
        if (const auto* next = std::get_if<tutoring::card_screen>(&*told->next)) {
            shown.body = *next;
        } else {
            return;
        }
    }
    (void)desk.run({who, tutoring::stop{std::get<tutoring::card_screen>(shown.body).session}, std::nullopt});
}

int run_demo(const std::vector<std::string_view>& words, io streams)
{
    const demo_options options = parse_demo_options(words);
    if (std::filesystem::exists(options.db)) {
        streams.err << "error: " << options.db << " exists; a generated class goes in a new database (--db)\n";
        return exit_failure;
    }
    auto content = load_pack_named(options.content, options.pack, streams.err);
    if (!content) {
        return exit_failure;
    }
    const auto course = course_of(*content, options.seed);
    engine::sim::world world(course, options.seed, options.learners);
    assembly::packs packs;
    const engine::pack_index& index = packs.add(std::move(*content));

    try {
        const auto log = make_stderr_logger(log_format::plain);
        log->set_level(spdlog::level::warn);
        engine::instant now = options.start;
        assembly::core_options core_options;
        core_options.clock = [&now] { return now; }; // the simulated time, moved on by the study below
        // Each session's choice order: varied, and the same for the same --seed.
        core_options.seeds = assembly::counted_seeds(options.seed);
        // Generated data needs no power-cut durability; a sync per answer would take minutes for a class.
        assembly::core core(assembly::open_storage({.location = options.db, .durable = false}), std::move(packs),
                            core_options, *log);
        tutoring::service& desk = core.start_tutoring({});
        class_counts counts;
        for (int day = 0; day < options.days; ++day) {
            const engine::instant morning = options.start + std::chrono::days{day};
            for (int l = 0; l < options.learners; ++l) {
                const auto& traits = world.traits(l);
                const auto u = static_cast<std::uint64_t>(l);
                const auto d = static_cast<std::uint64_t>(day);
                if (engine::sim::draw(options.seed, demo_stream, u, d, 3) >= traits.attendance) {
                    continue;
                }
                // Learners study at different hours; a session is a few minutes' worth of cards.
                now = morning + std::chrono::minutes(
                                    static_cast<int>(engine::sim::draw(options.seed, demo_stream, u, d, 4) * 12 * 60));
                const int cards = std::clamp(static_cast<int>(std::lround(traits.minutes / 2.0)), 3, 10);
                study(desk, world, index, demo_learner(options, l), l, cards, now, counts);
            }
        }
        streams.out << "generated " << options.learners << " learners of workspace demo:class-" << options.seed
                    << " over " << options.days << " days: " << counts.sessions << " sessions, " << counts.answers
                    << " answers in " << options.db << '\n';
    } catch (const assembly::database_unavailable& e) {
        streams.err << "error: " << e.what() << '\n';
        return exit_failure;
    }
    return exit_ok;
}

} // namespace

const command report_demo_class_command{
    {"report", "demo-class"},
    "[--learners N] [--seed N] [--days N] [--pack KEY] [--db PATH] [--content DIR] [--start TIME]",
    "a generated class to try the reports on: simulated learners study a pack through the real tutor",
    run_demo,
    "Writes a NEW database (an existing file is refused): --learners (200) learners of the workspace\n"
    "demo:class-SEED, each studying --pack (zero-sharded) on the days they attend over --days (14) days from\n"
    "--start (2026-03-02T08:00:00Z), a few cards a session, through the same tutoring layer, tutor and storage as\n"
    "the server. Who knows what is simulated (engine/sim/sim_world: varied ability and memory per learner); the same\n"
    "--seed gives the same class. Then: quizbot report learners --db PATH --now 2026-03-16T08:00:00Z\n",
};

} // namespace quiz::bot::cli
