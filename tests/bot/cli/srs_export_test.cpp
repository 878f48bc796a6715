// SPDX-License-Identifier: MIT
// `quizbot srs export` end to end: two learners play in the terminal on a real database at several dates, the
// export is read back by `srs eval` and `srs predict`, and every count is checked against the attempt table.
#include "bot/cli/review_log_export.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <catch2/catch.hpp>

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/run_quizbot.hpp"
#include "support/temp_dir.hpp"

namespace cli_srs_export_test {

namespace fs = std::filesystem;

namespace {

const fs::path shipped_packs = fs::path(QUIZ_SOURCE_DIR) / "content/packs";
const fs::path fixture_packs = fs::path(QUIZ_FIXTURES_DIR) / "packs/valid";

using outcome = quiz::test::cli_outcome;

outcome run(const std::vector<std::string>& words, const std::string& input = "")
{
    return quiz::test::run_quizbot(words, input);
}

/// `answers` replies alternating A and B, each followed by Enter for the next card: some right, some wrong, so wrong
/// ones come back in the session.
std::string replies(int answers)
{
    std::string text;
    for (int i = 0; i < answers; ++i) {
        text += i % 2 == 0 ? "a\n\n" : "b\n\n";
    }
    return text;
}

const std::string zelda = "zelda";
const std::string hopper = "hopper, grace"; // a comma in the name: it must not break the CSV

/// One database, built once: zelda plays zero-sharded twice (2 and 6 March), "hopper, grace" plays gpu-basics and
/// zero-sharded on 2 March and again a few days later.
const fs::path& database()
{
    static const quiz::test::temp_dir dir;
    static const fs::path db = [] {
        const fs::path path = dir.path() / "quizbot.db";
        struct session {
            std::string learner, pack, now;
            int answers;
        };
        const std::vector<session> sessions{
            {zelda, "zero-sharded", "2026-03-02T09:00:00Z", 12}, {hopper, "gpu-basics", "2026-03-02T10:00:00Z", 6},
            {hopper, "zero-sharded", "2026-03-02T11:00:00Z", 8}, {zelda, "zero-sharded", "2026-03-06T09:00:00Z", 10},
            {hopper, "gpu-basics", "2026-03-07T09:00:00Z", 6},   {hopper, "zero-sharded", "2026-03-08T09:30:00Z", 8},
        };
        for (const auto& s : sessions) {
            const fs::path content = s.pack == "gpu-basics" ? fixture_packs : shipped_packs;
            const auto played = run({"play", "--db", path.string(), "--content", content.string(), "--pack", s.pack,
                                     "--learner", s.learner, "--lang", "en", "--now", s.now},
                                    replies(s.answers));
            INFO(played.out << played.err);
            REQUIRE(played.code == 0);
        }
        return path;
    }();
    return db;
}

/// Counted straight from the attempt table, not through the code under test.
long long count(const std::string& where = "1")
{
    SQLite::Database db(database().string());
    SQLite::Statement query(db, "SELECT COUNT(*) FROM attempt a JOIN learner l ON l.id = a.learner_id"
                                " JOIN question_version v ON v.id = a.question_version_id"
                                " JOIN question q ON q.id = v.question_id JOIN pack p ON p.id = q.pack_id WHERE " +
                                    where);
    REQUIRE(query.executeStep());
    return query.getColumn(0).getInt64();
}

long long distinct_cards()
{
    SQLite::Database db(database().string());
    return db
        .execAndGet("SELECT COUNT(*) FROM (SELECT DISTINCT a.learner_id, v.question_id FROM attempt a"
                    " JOIN question_version v ON v.id = a.question_version_id)")
        .getInt64();
}

struct csv_row {
    std::string card, rating, time, duration, learner;
};

const std::string header = "card_id,review_rating,review_time,review_duration,learner";

std::vector<csv_row> rows_of(const std::string& text)
{
    std::istringstream in(text);
    std::string line;
    REQUIRE(std::getline(in, line));
    REQUIRE(line == header);
    std::vector<csv_row> rows;
    while (std::getline(in, line)) {
        std::vector<std::string> fields;
        std::istringstream parts(line);
        for (std::string field; std::getline(parts, field, ',');) {
            fields.push_back(field);
        }
        INFO(line);
        REQUIRE(fields.size() == 5);
        rows.push_back({fields[0], fields[1], fields[2], fields[3], fields[4]});
    }
    return rows;
}

outcome export_with(std::vector<std::string> options)
{
    std::vector<std::string> words{"srs", "export", "--db", database().string()};
    words.insert(words.end(), options.begin(), options.end());
    return run(words);
}

fs::path saved(const std::string& text, const std::string& name)
{
    static const quiz::test::temp_dir dir;
    const fs::path path = dir.path() / name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

} // namespace

TEST_CASE("srs export: the attempts as a review log that srs eval and srs predict read", "[srs][export]")
{
    const long long total = count();
    const long long cards = distinct_cards();
    const long long zelda_total = count("l.external_id = 'zelda'");
    const long long hopper_total = count("l.external_id = 'hopper, grace'");
    REQUIRE(zelda_total >= 12);
    REQUIRE(hopper_total >= 12);
    REQUIRE(zelda_total + hopper_total == total);
    REQUIRE(total > cards); // some cards were reviewed more than once, so there is something to predict

    const auto exported = export_with({});
    INFO(exported.err);
    REQUIRE(exported.code == 0);
    CHECK(exported.err.empty());
    const auto rows = rows_of(exported.out);
    REQUIRE(rows.size() == static_cast<std::size_t>(total));

    // zelda answered first (9:00 on 2 March), so she is L1; no name appears anywhere.
    CHECK(rows.front().learner == "L1");
    CHECK(rows.front().time == "2026-03-02T09:00:00.000Z");
    CHECK(rows.back().time == "2026-03-08T09:30:00.000Z");
    for (const std::string name : {"zelda", "hopper", "grace", "local:"}) {
        CHECK(exported.out.find(name) == std::string::npos);
    }
    std::map<std::string, long long> per_learner;
    std::map<std::string, std::set<std::string>> cards_of;
    long long again = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto& row = rows[i];
        INFO(row.card);
        ++per_learner[row.learner];
        cards_of[row.learner].insert(row.card);
        CHECK(row.card.starts_with(row.learner + "/"));
        CHECK((row.card.find("/zero-sharded/") != std::string::npos ||
               row.card.find("/gpu-basics/") != std::string::npos));
        CHECK((row.rating == "1" || row.rating == "3")); // pass/fail grading: wrong is Again, right is Good
        again += row.rating == "1" ? 1 : 0;
        CHECK(row.duration.find_first_not_of("0123456789") == std::string::npos);
        CHECK_FALSE(row.duration.empty());
        if (i > 0) {
            CHECK(rows[i - 1].time <= row.time); // one fixed format: text order is time order
        }
    }
    CHECK(per_learner == std::map<std::string, long long>{{"L1", zelda_total}, {"L2", hopper_total}});
    CHECK(again == count("a.correct = 0"));
    std::size_t card_count = 0;
    for (const auto& [learner, ids] : cards_of) {
        card_count += ids.size();
    }
    CHECK(card_count == static_cast<std::size_t>(cards)); // no card id is shared by the two learners

    // srs eval reads every review and every card.
    const fs::path log = saved(exported.out, "all.csv");
    const auto eval = run({"srs", "eval", log.string()});
    INFO(eval.out << eval.err);
    REQUIRE(eval.code == 0);
    CHECK(eval.out.starts_with(std::to_string(total) + " reviews of " + std::to_string(cards) + " cards; " +
                               std::to_string(total - cards) + " predicted"));

    // srs predict: one row per review after a card's first, plus its header.
    const auto predict = run({"srs", "predict", log.string()});
    INFO(predict.err);
    REQUIRE(predict.code == 0);
    std::size_t lines = 0;
    std::istringstream in(predict.out);
    for (std::string line; std::getline(in, line);) {
        ++lines;
    }
    CHECK(lines == static_cast<std::size_t>(total - cards) + 1);
}

TEST_CASE("srs export --names: learners as platform:external_id, commas percent-encoded", "[srs][export]")
{
    const auto exported = export_with({"--names"});
    INFO(exported.err);
    REQUIRE(exported.code == 0);
    const auto rows = rows_of(exported.out);
    REQUIRE(rows.size() == static_cast<std::size_t>(count()));
    std::map<std::string, long long> per_learner;
    for (const auto& row : rows) {
        ++per_learner[row.learner];
        CHECK(row.card.starts_with(row.learner + "/"));
    }
    CHECK(per_learner ==
          std::map<std::string, long long>{{"local:zelda", count("l.external_id = 'zelda'")},
                                           {"local:hopper%2C grace", count("l.external_id = 'hopper, grace'")}});
    CHECK(exported.out.find("\nlocal:hopper%2C grace/gpu-basics/") != std::string::npos);
    CHECK(exported.out.find("\nlocal:zelda/zero-sharded/") != std::string::npos);

    const fs::path log = saved(exported.out, "named.csv");
    const auto eval = run({"srs", "eval", log.string()});
    INFO(eval.out << eval.err);
    REQUIRE(eval.code == 0);
    CHECK(
        eval.out.starts_with(std::to_string(count()) + " reviews of " + std::to_string(distinct_cards()) + " cards;"));
}

TEST_CASE("srs export --learner and --pack keep one learner's or one pack's attempts", "[srs][export]")
{
    struct filtered {
        std::vector<std::string> options;
        std::string where;
        std::string card_part; ///< in every card id
    };
    for (const auto& f : {
             filtered{{"--learner", "hopper, grace"}, "l.external_id = 'hopper, grace'", "L1/"},
             filtered{{"--learner", "local:zelda"}, "l.external_id = 'zelda'", "L1/zero-sharded/"},
             filtered{{"--learner", "zelda", "--names"}, "l.external_id = 'zelda'", "local:zelda/zero-sharded/"},
             filtered{{"--pack", "gpu-basics"}, "p.pack_key = 'gpu-basics'", "L1/gpu-basics/"},
             filtered{{"--pack", "zero-sharded"}, "p.pack_key = 'zero-sharded'", "/zero-sharded/"},
             filtered{{"--pack", "gpu-basics", "--learner", "hopper, grace", "--names"},
                      "p.pack_key = 'gpu-basics' AND l.external_id = 'hopper, grace'",
                      "local:hopper%2C grace/gpu-basics/"},
         }) {
        INFO(f.where);
        const auto exported = export_with(f.options);
        INFO(exported.err);
        REQUIRE(exported.code == 0);
        const auto rows = rows_of(exported.out);
        const long long expected = count(f.where);
        REQUIRE(expected > 0);
        CHECK(rows.size() == static_cast<std::size_t>(expected));
        for (const auto& row : rows) {
            CHECK(row.card.find(f.card_part) != std::string::npos);
        }
    }
    // zelda never played gpu-basics: a header and no rows.
    const auto none = export_with({"--learner", "zelda", "--pack", "gpu-basics"});
    CHECK(none.code == 0);
    CHECK(none.out == header + "\n");
}

TEST_CASE("srs export: an unknown learner or pack, a missing database, bad arguments", "[srs][export]")
{
    const auto unknown = export_with({"--learner", "nobody"});
    CHECK(unknown.code == 1);
    CHECK(unknown.out.empty());
    CHECK(unknown.err == "error: no learner local:nobody in " + database().string() + "\n");

    const auto other_platform = export_with({"--learner", "discord:42"});
    CHECK(other_platform.code == 1);
    CHECK(other_platform.err == "error: no learner discord:42 in " + database().string() + "\n");

    const auto no_pack = export_with({"--pack", "no-such-pack"});
    CHECK(no_pack.code == 1);
    CHECK(no_pack.out.empty());
    CHECK(no_pack.err.starts_with("error: no pack 'no-such-pack' in "));

    const quiz::test::temp_dir dir;
    const fs::path missing = dir.path() / "nothing.db";
    const auto no_db = run({"srs", "export", "--db", missing.string()});
    CHECK(no_db.code == 1);
    CHECK(no_db.err == "error: no database at " + missing.string() + " (see --db and QUIZBOT_DB)\n");
    CHECK_FALSE(fs::exists(missing));

    CHECK(export_with({"extra"}).code == 2);
    CHECK(export_with({"--learner", "local:"}).code == 2);
    CHECK(export_with({"--format", "json"}).code == 2);

    const auto help = run({"srs", "export", "--help"});
    CHECK(help.code == 0);
    CHECK(help.out.find("--names") != std::string::npos);
}

TEST_CASE("srs export: percent-encoding keeps a name on one field of one row", "[srs][export]")
{
    using quiz::bot::cli::percent_encoded;
    CHECK(percent_encoded("ada") == "ada");
    CHECK(percent_encoded("a,b/c%d\"e\nf\rg\x7F") == "a%2Cb%2Fc%25d%22e%0Af%0Dg%7F");
    CHECK(percent_encoded("Zoé Dupont") == "Zoé Dupont"); // UTF-8 as it is
    CHECK(percent_encoded("T0001:U0002") == "T0001:U0002");
}

} // namespace cli_srs_export_test
