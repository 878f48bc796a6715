// SPDX-License-Identifier: MIT
// Test helper for the kill -9 durability test: records answers into DB through the group commit from several
// threads, and prints "ack <idempotency key>" on stdout only after the answer's transaction has committed. The
// test kills it with SIGKILL mid-stream and checks that every acknowledged answer is in the database.
//
// Usage: storage_durability_writer DB [KEY_PREFIX [ANSWERS_PER_THREAD]]
#include "storage/database.hpp"
#include "storage/group_commit.hpp"
#include "storage/sqlite_identity_store.hpp"
#include "storage/sqlite_unit_of_work.hpp"

#include <SQLiteCpp/Database.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

using namespace quiz;

// One write(2) per line: nothing sits in a stdio buffer when the process is killed.
void print_line(const std::string& line)
{
    const std::string text = line + '\n';
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(STDOUT_FILENO, text.data() + done, text.size() - done);
        if (n <= 0) {
            std::_Exit(3);
        }
        done += static_cast<std::size_t>(n);
    }
}

engine::attempt_record answer(engine::learner_id learner, const std::string& key, int n)
{
    engine::attempt_record a;
    a.key = engine::idempotency_key{key};
    a.learner = learner;
    a.pack = engine::pack_key{"durability"};
    a.question = engine::question_key{std::string("q").append(std::to_string(n % 8))};
    a.content_hash = std::string("h").append(std::to_string(n % 8));
    a.chosen = static_cast<std::uint32_t>(n % 4);
    a.shown_order = {0, 1, 2, 3};
    a.displayed_as = a.chosen;
    a.correct = n % 3 != 0;
    a.rating = a.correct ? engine::fsrs::rating::good : engine::fsrs::rating::again;
    a.first_attempt = n < 8;
    a.response_time = std::chrono::milliseconds{1000 + n};
    a.where = engine::venue::terminal;
    a.answered_at = engine::instant{std::chrono::milliseconds{1'700'000'000'000 + n}};
    a.next_due = a.answered_at + std::chrono::hours{24};
    return a;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s DB [KEY_PREFIX [ANSWERS_PER_THREAD]]\n", argv[0]);
        return 2;
    }
    const std::string prefix = argc > 2 ? argv[2] : "";
    const int per_thread = argc > 3 ? std::atoi(argv[3]) : 1'000'000;
    try {
        SQLite::Database db = storage::open_database(argv[1]);
        storage::sqlite_unit_of_work_factory units(db);
        storage::sqlite_identity_store identities(db);
        std::vector<engine::learner_id> learners;
        for (int t = 0; t < 4; ++t) {
            learners.push_back(
                identities.ensure_learner({"local", std::string("writer-").append(std::to_string(t))}, ""));
        }
        storage::group_commit writer(db);
        std::vector<std::thread> clients;
        for (int t = 0; t < 4; ++t) {
            clients.emplace_back([&, t] {
                for (int n = 0; n < per_thread; ++n) {
                    std::string key = prefix;
                    key.append("t").append(std::to_string(t)).append("-").append(std::to_string(n));
                    writer.run([&] {
                        auto unit = units.begin();
                        const auto attempt = answer(learners[static_cast<std::size_t>(t)], key, n);
                        unit->attempts().append(attempt);
                        engine::question_memory memory;
                        memory.question = attempt.question;
                        memory.content_hash = attempt.content_hash;
                        memory.attempts = n + 1;
                        memory.card.due = attempt.next_due;
                        unit->progress().save_memory(attempt.learner, attempt.pack, memory);
                        unit->commit();
                    });
                    print_line("ack " + key);
                }
            });
        }
        for (auto& client : clients) {
            client.join();
        }
        print_line("done");
    } catch (const std::exception& e) {
        std::fprintf(stderr, "storage_durability_writer: %s\n", e.what());
        return 1;
    }
    return 0;
}
