// SPDX-License-Identifier: MIT
// FSRS updates per second: replays the review histories of a JSON-lines file (the format of `quizbot srs replay`)
// through the scheduler, after one warm-up pass. scripts/bench-fsrs runs it next to tests/bench/fsrs_bench.mjs
// (ts-fsrs) on the same file.
//   fsrs_bench <reviews.jsonl> [passes=3]   (prints each pass and the median)
#include "bot/time_text.hpp"
#include "engine/fsrs/fsrs_scheduler.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <unordered_map>
#include <vector>

namespace fsrs = quiz::engine::fsrs;

namespace {

struct review {
    std::size_t card;
    fsrs::timestamp time;
    fsrs::rating rating;
};

std::vector<review> load(const char* path, std::size_t& card_count)
{
    std::ifstream in(path);
    if (!in) {
        throw std::runtime_error(std::string("cannot read ") + path);
    }
    std::unordered_map<std::string, std::size_t> ids;
    std::vector<review> reviews;
    std::string line;
    while (std::getline(in, line)) {
        const auto value = boost::json::parse(line);
        const auto& object = value.as_object();
        const auto card = std::string(object.at("card").as_string());
        const auto time = quiz::bot::parse_iso8601(object.at("time").as_string());
        if (!time) {
            throw std::runtime_error("bad time in " + line);
        }
        const auto [it, added] = ids.emplace(card, ids.size());
        reviews.push_back({it->second, std::chrono::floor<std::chrono::milliseconds>(*time),
                           static_cast<fsrs::rating>(object.at("rating").as_int64())});
    }
    card_count = ids.size();
    return reviews;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::cerr << "usage: fsrs_bench <reviews.jsonl> [passes=3]\n";
        return 2;
    }
    try {
        std::size_t card_count = 0;
        const auto reviews = load(argv[1], card_count);
        const int passes = std::max(1, argc > 2 ? std::stoi(argv[2]) : 3);
        std::vector<double> rates;
        const fsrs::scheduler scheduler{fsrs::scheduler_options{}};
        double checksum = 0.0;
        for (int pass = 0; pass <= passes; ++pass) { // pass 0 warms up
            std::vector<fsrs::card> cards(card_count);
            const auto start = std::chrono::steady_clock::now();
            for (const auto& r : reviews) {
                cards[r.card] = scheduler.review(cards[r.card], r.time, r.rating);
            }
            const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
            for (const auto& c : cards) {
                checksum += c.stability;
            }
            if (pass > 0) {
                rates.push_back(static_cast<double>(reviews.size()) / elapsed.count());
                std::printf("pass %d: %.0f updates/s (%zu reviews in %.6f s)\n", pass, rates.back(), reviews.size(),
                            elapsed.count());
            }
        }
        std::sort(rates.begin(), rates.end());
        std::printf("updates_per_second %.0f\n", rates[rates.size() / 2]);
        std::printf("checksum %.8f\n", checksum / (passes + 1));
    } catch (const std::exception& e) {
        std::cerr << "fsrs_bench: " << e.what() << '\n';
        return 1;
    }
    return 0;
}
