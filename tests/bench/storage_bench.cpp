// SPDX-License-Identifier: MIT
// Recording answers durably: one transaction per answer vs group commit, side by side in one run, on a database
// file with synchronous=FULL (every commit synced). An answer is the storage work of the tutor's answer use case:
// read the key, profile, memories, skills, population statistics and session, then append the attempt and save
// memory, skill, profile and session, in one unit of work.
//
// Usage: storage_bench [--answers N] [--repeat R] [--window W] [--dir PATH] [--only single|group]
//   N answers per measurement (default 5000), R alternating repetitions of each mode (default 5), W answers in
//   flight for group commit (default 256, like as many concurrent requests), PATH a folder on the disk to measure
//   (default: the system temp folder). --only runs one mode (for profiling).
#include "storage/database.hpp"
#include "storage/group_commit.hpp"
#include "storage/sqlite_identity_store.hpp"
#include "storage/sqlite_unit_of_work.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Transaction.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <mutex>
#include <string>
#include <string_view>
#include <unistd.h>
#include <vector>

namespace {

using namespace quiz;
using namespace quiz::engine;
using steady = std::chrono::steady_clock;

constexpr int learner_count = 1000;
constexpr int question_count = 8;
const pack_key pack{"zero"};

struct world {
    std::vector<learner_id> learners;
    std::vector<session_id> sessions;
};

session_state a_session(learner_id who)
{
    session_state s;
    s.learner = who;
    s.pack = pack;
    s.where = venue::dm;
    s.started_at = instant{std::chrono::milliseconds{1'709'553'600'000}};
    s.phase = session_phase::asking;
    s.sequence = 1;
    s.current = shown_question{question_key{"q0"}, {2, 0, 3, 1}, pick_reason::review, s.started_at};
    s.planned = 10;
    return s;
}

world populate(SQLite::Database& db, storage::sqlite_unit_of_work_factory& units)
{
    world w;
    storage::sqlite_identity_store identities(db);
    SQLite::Transaction transaction(db, SQLite::TransactionBehavior::IMMEDIATE);
    for (int i = 0; i < learner_count; ++i) {
        w.learners.push_back(identities.ensure_learner({"discord", std::to_string(100'000 + i)}, ""));
        w.sessions.push_back(units.stores().sessions.add(a_session(w.learners.back())));
    }
    transaction.commit();
    return w;
}

/// The reads and writes of one answer, as the tutor's answer use case does them.
void record_answer(engine::unit_of_work_factory& units, const world& w, const std::string& key, int n)
{
    const auto slot = static_cast<std::size_t>(n % learner_count);
    const learner_id who = w.learners[slot];
    const question_key question{std::string("q").append(std::to_string(n % question_count))};
    const instant now{std::chrono::milliseconds{1'709'553'600'000 + n}};
    auto unit = units.begin();
    if (unit->attempts().find(idempotency_key{key})) {
        return;
    }
    learner_profile fallback;
    fallback.id = who;
    learner_profile profile = unit->learners().find(who).value_or(fallback);
    auto memories = unit->progress().memories(who, pack);
    const auto skills = unit->progress().skills(who, pack);
    const auto stats = unit->attempts().first_attempt_stats(pack);
    auto session = unit->sessions().find(w.sessions[slot]);

    const auto it =
        std::find_if(memories.begin(), memories.end(), [&](const auto& m) { return m.question == question; });
    question_memory memory = it == memories.end() ? question_memory{} : *it;
    memory.question = question;
    memory.content_hash = "hash-" + question.value();
    memory.attempts += 1;
    memory.card.state = fsrs::card_state::review;
    memory.card.stability = 3.0 + n % 7;
    memory.card.difficulty = 5.0;
    memory.card.last_review = now;
    memory.card.due = now + std::chrono::hours{72};

    attempt_record attempt;
    attempt.key = idempotency_key{key};
    attempt.learner = who;
    attempt.pack = pack;
    attempt.question = question;
    attempt.content_hash = memory.content_hash;
    attempt.chosen = static_cast<std::uint32_t>(n % 4);
    attempt.displayed_as = 1;
    attempt.shown_order = {2, 0, 3, 1};
    attempt.correct = n % 3 != 0;
    attempt.rating = attempt.correct ? fsrs::rating::good : fsrs::rating::again;
    attempt.first_attempt = memory.attempts == 1;
    attempt.response_time = std::chrono::milliseconds{4000};
    attempt.where = venue::dm;
    attempt.session = w.sessions[slot];
    attempt.answered_at = now;
    attempt.next_due = memory.card.due;

    unit->attempts().append(attempt);
    unit->progress().save_memory(who, pack, memory);
    concept_skill skill = skills.empty() ? concept_skill{concept_key{"sharding"}} : skills.front();
    skill.answers += 1;
    unit->progress().save_skill(who, pack, skill);
    profile.streak_days = 1;
    unit->learners().save(profile);
    if (session) {
        session->phase = session_phase::answered;
        session->sequence += 1;
        unit->sessions().save(*session);
    }
    unit->commit();
}

/// CPU time of the whole process (every thread), in seconds.
double process_cpu_seconds()
{
    timespec t{};
    ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

double per_second(int answers, steady::duration elapsed)
{
    return answers / std::chrono::duration<double>(elapsed).count();
}

/// One thread, one BEGIN IMMEDIATE ... COMMIT per answer.
double one_transaction_each(SQLite::Database& db, const world& w, int answers, int& next_key)
{
    storage::sqlite_unit_of_work_factory units(db);
    const auto start = steady::now();
    for (int i = 0; i < answers; ++i, ++next_key) {
        record_answer(units, w, std::string("k").append(std::to_string(next_key)), next_key);
    }
    return per_second(answers, steady::now() - start);
}

struct batch_figures {
    double rate = 0.0;
    double units_per_commit = 0.0;
    double cpu_us_per_answer = 0.0; ///< all threads: the writer, the submitter, SQLite
};

/// Up to `window` answers in flight, submitted without waiting, acknowledged by completion callbacks after commit.
/// The submitter tops the window up once half of it has been acknowledged, as many clients would, rather than
/// being woken for every single acknowledgement.
batch_figures group_committed(SQLite::Database& db, const world& w, int answers, int window, int& next_key)
{
    storage::sqlite_unit_of_work_factory units(db);
    std::mutex mutex;
    std::condition_variable changed;
    int in_flight = 0;
    int failed = 0;
    storage::group_commit writer(db);
    const auto before = writer.stats();
    const double cpu_before = process_cpu_seconds();
    const auto start = steady::now();
    for (int i = 0; i < answers; ++i, ++next_key) {
        {
            std::unique_lock lock(mutex);
            if (in_flight >= window) {
                changed.wait(lock, [&] { return in_flight <= window / 2; });
            }
            ++in_flight;
        }
        const int n = next_key;
        writer.submit([&units, &w, n] { record_answer(units, w, std::string("k").append(std::to_string(n)), n); },
                      [&](std::exception_ptr failure) {
                          const std::lock_guard lock(mutex);
                          --in_flight;
                          failed += failure ? 1 : 0;
                          if (in_flight == window / 2 || in_flight == 0) {
                              changed.notify_all();
                          }
                      });
    }
    {
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return in_flight == 0; });
    }
    const auto elapsed = steady::now() - start;
    const double cpu = process_cpu_seconds() - cpu_before;
    const auto after = writer.stats();
    if (failed > 0) {
        std::fprintf(stderr, "storage_bench: %d answers failed\n", failed);
        std::exit(1);
    }
    return {per_second(answers, elapsed),
            static_cast<double>(after.units - before.units) /
                static_cast<double>(after.transactions - before.transactions),
            cpu * 1e6 / answers};
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const std::size_t mid = values.size() / 2;
    return values.size() % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2.0;
}

int option(int argc, char** argv, std::string_view name, int fallback)
{
    for (int i = 1; i + 1 < argc; ++i) {
        if (argv[i] == name) {
            return std::atoi(argv[i + 1]);
        }
    }
    return fallback;
}

} // namespace

int main(int argc, char** argv)
{
    const int answers = option(argc, argv, "--answers", 5000);
    const int repeat = option(argc, argv, "--repeat", 5);
    const int window = option(argc, argv, "--window", 256);
    std::filesystem::path dir = std::filesystem::temp_directory_path();
    std::string_view only;
    for (int i = 1; i + 1 < argc; ++i) {
        if (std::string_view(argv[i]) == "--dir") {
            dir = argv[i + 1];
        } else if (std::string_view(argv[i]) == "--only") {
            only = argv[i + 1];
        }
    }
    if (answers <= 0 || repeat <= 0 || window <= 0) {
        std::fprintf(stderr, "usage: storage_bench [--answers N] [--repeat R] [--window W] [--dir PATH]"
                             " [--only single|group]\n");
        return 2;
    }
    std::setvbuf(stdout, nullptr, _IOLBF, 0); // each run's line as soon as it is measured
    const std::filesystem::path path =
        dir / std::string("quizbot-storage-bench-").append(std::to_string(::getpid())).append(".db");
    int next_key = 0;
    std::vector<double> single;
    std::vector<double> grouped;
    std::vector<double> batch_sizes;
    std::vector<double> cpu_costs;
    {
        SQLite::Database db = storage::open_database(path.string());
        storage::sqlite_unit_of_work_factory setup(db);
        const world w = populate(db, setup);
        std::printf("storage_bench: %d answers per run, %d runs per mode, group commit window %d, synchronous=%s,"
                    " database %s\n",
                    answers, repeat, window, storage::synchronous_setting, path.c_str());
        for (int r = 0; r < repeat; ++r) { // alternate so that both modes see the same disk and neighbours
            single.push_back(only == "group" ? 0.0 : one_transaction_each(db, w, answers, next_key));
            const batch_figures g = only == "single" ? batch_figures{}
                                                     : group_committed(db, w, answers, window, next_key);
            grouped.push_back(g.rate);
            batch_sizes.push_back(g.units_per_commit);
            cpu_costs.push_back(g.cpu_us_per_answer);
            std::printf("  run %d: one transaction per answer %8.0f answers/s | group commit %8.0f answers/s"
                        " (%.1f answers per commit, %.0f us CPU per answer)\n",
                        r + 1, single.back(), grouped.back(), batch_sizes.back(), cpu_costs.back());
        }
        std::printf("median: one transaction per answer %.0f answers/s, group commit %.0f answers/s"
                    " (%.1f answers per commit, %.0f us CPU per answer), ratio %.1fx\n",
                    median(single), median(grouped), median(batch_sizes), median(cpu_costs),
                    median(grouped) / median(single));
    }
    for (const char* suffix : {"", "-wal", "-shm"}) {
        std::filesystem::remove(path.string() + suffix);
    }
    return 0;
}
